// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice Test stand-in for Clanker v4's fee locker on Base (ClankerFeeLocker): the views and the
/// claim clanker-sdk calls, with the same signatures. Its runtime code is placed at the fee locker's
/// address on a local chain; `storeFees` records fees it holds in the fee token (sent to it first).
contract ClankerFeeLockerStub {
    mapping(address feeOwner => mapping(address token => uint256 balance)) public feesToClaim;

    event ClaimTokens(address indexed feeOwner, address indexed token, uint256 amountClaimed);

    error NoFeesToClaim();

    function storeFees(address feeOwner, address token, uint256 amount) external {
        feesToClaim[feeOwner][token] += amount;
    }

    function availableFees(address feeOwner, address token) external view returns (uint256) {
        return feesToClaim[feeOwner][token];
    }

    /// @dev As Clanker's: anyone may call it; the fees go to their owner only.
    function claim(address feeOwner, address token) external {
        uint256 amount = feesToClaim[feeOwner][token];
        if (amount == 0) revert NoFeesToClaim();
        feesToClaim[feeOwner][token] = 0;
        IERC20(token).transfer(feeOwner, amount);
        emit ClaimTokens(feeOwner, token, amount);
    }
}

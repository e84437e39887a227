// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title ReentrantToken
 * @notice TEST ONLY. A malicious ERC-20 that, once armed, calls an arbitrary target from inside
 * every transfer, to prove that contracts handling it reject re-entry.
 * @dev In `bubble` mode a failing re-entrant call reverts the transfer with the callee's revert
 * data. Otherwise the failure is recorded in {ReentryAttempted} and the transfer goes on, which
 * lets a test see the callee's error even when an intermediary (a Uniswap pool) swallows revert data.
 */
contract ReentrantToken is ERC20 {
    address private _target;
    bytes private _callData;
    bool private _bubble;
    bool private _inCallback;

    /// @notice Emitted after each re-entrant call with its outcome.
    event ReentryAttempted(address indexed target, bool success, bytes returnData);

    /**
     * @param recipient Receives the initial supply.
     * @param supply The initial supply, 18 decimals.
     */
    constructor(address recipient, uint256 supply) ERC20("Reentrant", "EVIL") {
        _mint(recipient, supply);
    }

    /**
     * @notice Makes every later transfer call `target` with `callData`.
     * @param target The contract to re-enter.
     * @param callData The call to make.
     * @param bubble Whether a failing call reverts the transfer with its revert data.
     */
    function arm(address target, bytes calldata callData, bool bubble) external {
        _target = target;
        _callData = callData;
        _bubble = bubble;
    }

    /// @notice Stops re-entering.
    function disarm() external {
        _target = address(0);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address target = _target;
        if (target == address(0) || _inCallback) return;
        _inCallback = true;
        (bool success, bytes memory returnData) = target.call(_callData);
        _inCallback = false;
        if (!success && _bubble) {
            assembly ("memory-safe") {
                revert(add(returnData, 0x20), mload(returnData))
            }
        }
        emit ReentryAttempted(target, success, returnData);
    }
}

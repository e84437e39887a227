// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title A0X
 * @notice The local stand-in for the A0X token on Base: an 18-decimal ERC-20 whose whole supply
 * is minted at deployment (to the operator, who seeds the Uniswap pool with it).
 */
contract A0X is ERC20 {
    /**
     * @param recipient Receives the whole supply.
     * @param totalSupply_ The supply, 18 decimals.
     */
    constructor(address recipient, uint256 totalSupply_) ERC20("A0X", "A0X") {
        _mint(recipient, totalSupply_);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title AgentToken
 * @notice A plain fixed-supply ERC-20 for one agent: the whole supply is minted once, at
 * deployment, to the recipient. No owner, no mint, no fees.
 */
contract AgentToken is ERC20 {
    /**
     * @param name_ The token name.
     * @param symbol_ The token symbol.
     * @param recipient Receives the whole supply.
     * @param totalSupply_ The fixed supply, in the token's smallest units (18 decimals).
     */
    constructor(
        string memory name_,
        string memory symbol_,
        address recipient,
        uint256 totalSupply_
    ) ERC20(name_, symbol_) {
        _mint(recipient, totalSupply_);
    }
}

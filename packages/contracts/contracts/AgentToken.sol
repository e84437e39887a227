// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title AgentToken
 * @notice A plain fixed-supply ERC-20 for one agent: the whole supply is minted once, at
 * deployment, to the recipient. No owner, no mint, no fees. Like Clanker's tokens it says who
 * launched it: an image, metadata and context (JSON), read with the same getters.
 */
contract AgentToken is ERC20 {
    /// @notice The token's image URL (the agent's avatar); empty when none was given.
    string public imageUrl;
    /// @notice JSON: the description and socials; empty when none were given.
    string public metadata;
    /// @notice JSON: the interface, the platform, the poster's id and message it was launched from.
    string public context;

    /**
     * @param name_ The token name.
     * @param symbol_ The token symbol.
     * @param recipient Receives the whole supply.
     * @param totalSupply_ The fixed supply, in the token's smallest units (18 decimals).
     * @param image_ The image URL.
     * @param metadata_ The metadata, JSON.
     * @param context_ The context, JSON.
     */
    constructor(
        string memory name_,
        string memory symbol_,
        address recipient,
        uint256 totalSupply_,
        string memory image_,
        string memory metadata_,
        string memory context_
    ) ERC20(name_, symbol_) {
        imageUrl = image_;
        metadata = metadata_;
        context = context_;
        _mint(recipient, totalSupply_);
    }
}

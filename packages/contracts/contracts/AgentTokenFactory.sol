// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {AgentToken} from "./AgentToken.sol";

/**
 * @title AgentTokenFactory
 * @notice Deploys one fixed-supply ERC-20 per agent. The local stand-in for Clanker: the same
 * outcome (a token whose supply belongs to the agent's wallet) without the launch pool.
 */
contract AgentTokenFactory {
    /// @notice The supply of every token: 100 billion with 18 decimals.
    uint256 public constant TOKEN_SUPPLY = 100_000_000_000 * 1e18;

    /// @notice Emitted for every token created.
    event AgentTokenCreated(address indexed token, string name, string symbol, address indexed recipient);

    /// @notice The name is empty.
    error EmptyName();

    /// @notice The symbol is empty.
    error EmptySymbol();

    /**
     * @notice Deploys a new token and mints its whole supply to `recipient`.
     * @param name The token name, non-empty.
     * @param symbol The token symbol, non-empty.
     * @param recipient Receives the whole supply; the zero address is rejected by the ERC-20.
     * @return token The address of the new token.
     */
    function createToken(
        string calldata name,
        string calldata symbol,
        address recipient
    ) external returns (address token) {
        if (bytes(name).length == 0) revert EmptyName();
        if (bytes(symbol).length == 0) revert EmptySymbol();
        token = address(new AgentToken(name, symbol, recipient, TOKEN_SUPPLY));
        emit AgentTokenCreated(token, name, symbol, recipient);
    }
}

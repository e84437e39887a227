// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * @title IERC3009
 * @dev EIP-3009 signed transfers in the form Circle's FiatToken v2.2 (USDC on Base) and the local
 * {LocalUSDC} have them: random 32-byte nonces, a validity window, and packed signatures (EOA or
 * ERC-1271). FartwinLife calls only {receiveWithAuthorization}.
 */
interface IERC3009 {
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool);

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external;

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external;

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes calldata signature) external;
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * @title IV3SwapRouter
 * @dev The part of Uniswap's SwapRouter02 (`@uniswap/swap-router-contracts`) that FartwinLife uses.
 * SwapRouter02 is the router deployed on Base; unlike the original V3 SwapRouter its
 * `ExactInputParams` has no `deadline` field, so the struct layout must match it exactly.
 */
interface IV3SwapRouter {
    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }

    /**
     * @notice Swaps `amountIn` of the path's first token for as much as possible of its last token.
     * @param params The encoded path, the recipient, the input amount and the minimum output.
     * @return amountOut The amount of the path's last token received by `recipient`.
     */
    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
}

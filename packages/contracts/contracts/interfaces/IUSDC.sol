// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {IERC3009} from "./IERC3009.sol";

/**
 * @title IUSDC
 * @dev The USDC surface clients rely on (ERC-20, metadata, EIP-2612 permit and EIP-3009), shared by
 * Circle's FiatToken on Base and the local {LocalUSDC}. Compiled only for its ABI.
 */
interface IUSDC is IERC20, IERC20Metadata, IERC20Permit, IERC3009 {}

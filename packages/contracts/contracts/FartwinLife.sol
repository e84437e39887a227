// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IV3SwapRouter} from "./interfaces/IV3SwapRouter.sol";

/**
 * @title FartwinLife
 * @notice Keeps digital-twin agents alive. Anyone may pay USDC for any agent: the USDC is swapped
 * for A0X on Uniswap V3, the A0X goes to the burn address, and the agent lives 7 more days per USDC,
 * counted from its current expiry if it is still alive, or from now if it is dead or new.
 * @dev The chain is the single source of truth for an agent's life: `agentTimeToDeath` is its expiry.
 * The contract holds no funds between calls; `withdraw` and `recoverTokens` exist only to return
 * tokens sent to it by mistake.
 */
contract FartwinLife is Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The smallest payment accepted: one battery pack, 1 USDC (6 decimals).
    uint256 public constant MIN_USDC_AMOUNT = 1e6;

    /// @notice Life bought by 1 USDC.
    uint256 public constant LIFE_PER_USDC = 7 days;

    /// @dev One whole USDC in its smallest units; scales amounts and the A0X-per-USDC rate.
    uint256 private constant _USDC_UNIT = 1e6;

    /// @dev A Uniswap V3 path is `token (20 bytes) ‖ (fee (3 bytes) ‖ token (20 bytes))+`.
    uint256 private constant _ADDRESS_SIZE = 20;
    uint256 private constant _HOP_SIZE = 23;

    /// @notice The token agents are paid for in.
    IERC20 public immutable usdc;

    /// @notice The token bought and burned with every payment.
    IERC20 public immutable a0x;

    /// @notice The Uniswap SwapRouter02 that performs the USDC → A0X swap.
    IV3SwapRouter public immutable swapRouter;

    /// @notice Receives the bought A0X; an address nobody controls, such as 0x…dEaD.
    address public burnAddress;

    /// @notice Slippage floor: the least A0X (18 decimals) a payment must buy per whole USDC.
    uint256 public minA0xPerUsdc;

    /// @dev The Uniswap V3 path of the swap; starts with USDC and ends with A0X.
    bytes private _swapPath;

    /// @dev Unix time at which each agent dies; 0 for an agent never fed.
    mapping(string agentId => uint256 expiry) private _expiry;

    /**
     * @notice Emitted when a payment extends an agent's life.
     * @dev The signature matches the production contract so one indexer decodes both.
     */
    event LifeExtended(string agentId, uint256 usdcAmount, uint256 a0xBurned, uint256 newTimeToDeath);

    /// @notice Emitted when the burn address changes (also once at deployment).
    event BurnAddressUpdated(address indexed previousBurnAddress, address indexed newBurnAddress);

    /// @notice Emitted when the swap path changes (also once at deployment).
    event SwapPathUpdated(bytes path);

    /// @notice Emitted when the slippage floor changes (also once at deployment).
    event MinRateUpdated(uint256 previousMinA0xPerUsdc, uint256 newMinA0xPerUsdc);

    /// @notice Emitted when the owner withdraws an amount of a token held by the contract.
    event Withdrawn(address indexed token, address indexed to, uint256 amount);

    /// @notice Emitted when the owner recovers the whole balance of a token held by the contract.
    event TokensRecovered(address indexed token, address indexed to, uint256 amount);

    /// @notice The payment is below {MIN_USDC_AMOUNT}.
    error AmountBelowMinimum(uint256 usdcAmount, uint256 minimum);

    /// @notice The agent id is empty.
    error EmptyAgentId();

    /// @notice The burn address must not be the zero address.
    error ZeroBurnAddress();

    /// @notice A constructor argument that must be a contract address is zero.
    error ZeroAddress();

    /// @notice The path is malformed, or does not start with USDC and end with A0X.
    error InvalidSwapPath();

    /// @notice The swap bought less A0X than the slippage floor allows.
    error InsufficientA0xOut(uint256 a0xReceived, uint256 a0xMinimum);

    /// @notice The amount to withdraw is zero.
    error ZeroAmount();

    /// @notice The contract holds none of the token to recover.
    error NothingToRecover(address token);

    /**
     * @param usdc_ The USDC token.
     * @param a0x_ The A0X token.
     * @param swapRouter_ The Uniswap SwapRouter02.
     * @param burnAddress_ Where bought A0X is sent.
     * @param swapPath_ The Uniswap V3 path from USDC to A0X.
     * @param minA0xPerUsdc_ The slippage floor in A0X units per whole USDC (0 disables it).
     * @param initialOwner The admin; ownership moves only through the two-step transfer.
     */
    constructor(
        IERC20 usdc_,
        IERC20 a0x_,
        IV3SwapRouter swapRouter_,
        address burnAddress_,
        bytes memory swapPath_,
        uint256 minA0xPerUsdc_,
        address initialOwner
    ) Ownable(initialOwner) {
        if (address(usdc_) == address(0) || address(a0x_) == address(0) || address(swapRouter_) == address(0)) {
            revert ZeroAddress();
        }
        usdc = usdc_;
        a0x = a0x_;
        swapRouter = swapRouter_;
        _setBurnAddress(burnAddress_);
        _setSwapPath(swapPath_);
        _setMinA0xPerUsdc(minA0xPerUsdc_);
        // The router is immutable and only ever pulls what this contract passes to `exactInput`,
        // so one unlimited approval saves an approval write on every payment.
        usdc_.forceApprove(address(swapRouter_), type(uint256).max);
    }

    /**
     * @notice Pays `usdcAmount` USDC from the caller to extend the life of `agentId`.
     * @dev The caller must have approved this contract for `usdcAmount`. Life grows by
     * `usdcAmount * 7 days / 1 USDC` from the current expiry, or from now if that is in the past.
     * @param agentId The agent to keep alive; anyone may pay for any agent.
     * @param usdcAmount The USDC to spend (6 decimals), at least {MIN_USDC_AMOUNT}.
     * @return a0xBurned The A0X that reached the burn address.
     */
    function extendLife(
        string calldata agentId,
        uint256 usdcAmount
    ) external nonReentrant whenNotPaused returns (uint256 a0xBurned) {
        if (bytes(agentId).length == 0) revert EmptyAgentId();
        if (usdcAmount < MIN_USDC_AMOUNT) revert AmountBelowMinimum(usdcAmount, MIN_USDC_AMOUNT);

        uint256 currentExpiry = _expiry[agentId];
        uint256 newExpiry = Math.max(currentExpiry, block.timestamp) + (usdcAmount * LIFE_PER_USDC) / _USDC_UNIT;
        _expiry[agentId] = newExpiry;

        address burnTo = burnAddress;
        uint256 a0xMinimum = Math.mulDiv(usdcAmount, minA0xPerUsdc, _USDC_UNIT);
        uint256 burnBalanceBefore = a0x.balanceOf(burnTo);

        usdc.safeTransferFrom(_msgSender(), address(this), usdcAmount);
        // The router's own minimum is left at 0 so that a shortfall surfaces as this contract's
        // custom error, checked against what actually arrived at the burn address. The whole
        // transaction reverts either way, so the protection is the same.
        swapRouter.exactInput(
            IV3SwapRouter.ExactInputParams({
                path: _swapPath,
                recipient: burnTo,
                amountIn: usdcAmount,
                amountOutMinimum: 0
            })
        );
        a0xBurned = a0x.balanceOf(burnTo) - burnBalanceBefore;
        if (a0xBurned < a0xMinimum) revert InsufficientA0xOut(a0xBurned, a0xMinimum);

        emit LifeExtended(agentId, usdcAmount, a0xBurned, newExpiry);
    }

    /**
     * @notice The unix time at which `agentId` dies.
     * @param agentId The agent.
     * @return The expiry in unix seconds, or 0 if the agent was never fed.
     */
    function agentTimeToDeath(string calldata agentId) external view returns (uint256) {
        return _expiry[agentId];
    }

    /**
     * @notice Same as {agentTimeToDeath}: the unix time at which `agentId` dies (0 if never fed).
     * @param agentId The agent.
     * @return The expiry in unix seconds.
     */
    function getExpirationTime(string calldata agentId) external view returns (uint256) {
        return _expiry[agentId];
    }

    /**
     * @notice Seconds `agentId` has left to live.
     * @param agentId The agent.
     * @return The remaining life in seconds, 0 when dead or never fed.
     */
    function getRemainingLife(string calldata agentId) public view returns (uint256) {
        uint256 expiry = _expiry[agentId];
        return expiry > block.timestamp ? expiry - block.timestamp : 0;
    }

    /**
     * @notice Whole days `agentId` has left to live (rounded down).
     * @param agentId The agent.
     * @return The remaining life in whole days.
     */
    function getRemainingDays(string calldata agentId) external view returns (uint256) {
        return getRemainingLife(agentId) / 1 days;
    }

    /**
     * @notice Whether `agentId` is alive now.
     * @param agentId The agent.
     * @return True while the agent's expiry lies in the future.
     */
    function isAgentAlive(string calldata agentId) external view returns (bool) {
        return _expiry[agentId] > block.timestamp;
    }

    /**
     * @notice The Uniswap V3 path payments are swapped along.
     * @return The encoded path, USDC first and A0X last.
     */
    function swapPath() external view returns (bytes memory) {
        return _swapPath;
    }

    /**
     * @notice Sends `amount` of `token` held by this contract to the owner.
     * @param token The token to withdraw.
     * @param amount The amount to send, non-zero.
     */
    function withdraw(IERC20 token, uint256 amount) external onlyOwner nonReentrant {
        if (amount == 0) revert ZeroAmount();
        address to = owner();
        emit Withdrawn(address(token), to, amount);
        token.safeTransfer(to, amount);
    }

    /**
     * @notice Sends this contract's whole balance of `token` to the owner.
     * @param token The token to recover.
     */
    function recoverTokens(IERC20 token) external onlyOwner nonReentrant {
        uint256 amount = token.balanceOf(address(this));
        if (amount == 0) revert NothingToRecover(address(token));
        address to = owner();
        emit TokensRecovered(address(token), to, amount);
        token.safeTransfer(to, amount);
    }

    /**
     * @notice Changes where bought A0X is sent.
     * @param newBurnAddress The new burn address, non-zero.
     */
    function setBurnAddress(address newBurnAddress) external onlyOwner {
        _setBurnAddress(newBurnAddress);
    }

    /**
     * @notice Changes the Uniswap V3 path payments are swapped along.
     * @param newSwapPath An encoded V3 path that starts with USDC and ends with A0X.
     */
    function setSwapPath(bytes calldata newSwapPath) external onlyOwner {
        _setSwapPath(newSwapPath);
    }

    /**
     * @notice Changes the slippage floor.
     * @param newMinA0xPerUsdc The least A0X (18 decimals) a whole USDC must buy; 0 disables the floor.
     */
    function setMinA0xPerUsdc(uint256 newMinA0xPerUsdc) external onlyOwner {
        _setMinA0xPerUsdc(newMinA0xPerUsdc);
    }

    /// @notice Stops all payments until {unpause}.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Accepts payments again.
    function unpause() external onlyOwner {
        _unpause();
    }

    function _setBurnAddress(address newBurnAddress) private {
        if (newBurnAddress == address(0)) revert ZeroBurnAddress();
        emit BurnAddressUpdated(burnAddress, newBurnAddress);
        burnAddress = newBurnAddress;
    }

    function _setSwapPath(bytes memory newSwapPath) private {
        uint256 length = newSwapPath.length;
        if (length < _ADDRESS_SIZE + _HOP_SIZE || (length - _ADDRESS_SIZE) % _HOP_SIZE != 0) {
            revert InvalidSwapPath();
        }
        address tokenIn;
        address tokenOut;
        assembly ("memory-safe") {
            let data := add(newSwapPath, 0x20)
            tokenIn := shr(96, mload(data))
            tokenOut := shr(96, mload(add(data, sub(length, _ADDRESS_SIZE))))
        }
        if (tokenIn != address(usdc) || tokenOut != address(a0x)) revert InvalidSwapPath();
        _swapPath = newSwapPath;
        emit SwapPathUpdated(newSwapPath);
    }

    function _setMinA0xPerUsdc(uint256 newMinA0xPerUsdc) private {
        emit MinRateUpdated(minA0xPerUsdc, newMinA0xPerUsdc);
        minA0xPerUsdc = newMinA0xPerUsdc;
    }
}

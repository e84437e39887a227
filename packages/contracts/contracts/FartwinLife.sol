// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC3009} from "./interfaces/IERC3009.sol";
import {IV3SwapRouter} from "./interfaces/IV3SwapRouter.sol";

/**
 * @title FartwinLife
 * @notice Keeps digital-twin agents alive. Anyone may pay USDC for any agent: the USDC is swapped
 * for A0X on Uniswap V3, the A0X goes to the burn address, and the agent lives 7 more days per USDC,
 * counted from its current expiry if it is still alive, or from now if it is dead or new.
 * @dev The chain is the single source of truth for an agent's life: `agentTimeToDeath` is its expiry.
 * The contract holds no funds between calls; `withdraw` and `recoverTokens` exist only to return
 * tokens sent to it by mistake.
 *
 * What the owner can and cannot do:
 * - USDC, A0X and the router are immutable: nothing about them ever needs to change, and a
 *   different router or token would be a different contract.
 * - The burn address, the swap path and the slippage floor change only {CHANGE_DELAY} after the
 *   owner announces the change in an event (propose → wait → execute; the owner may cancel). Payers
 *   and watchers see every change two days before it applies. They stay changeable because
 *   liquidity moves between pools and fee tiers (the path), a price move can make any fixed floor
 *   wrong (the floor), and the owner's admin functions include setting the burn address.
 * - Pausing stops payments at once (an emergency brake; reads keep working). Ownership moves only
 *   in two steps and can never be renounced, so a pause can always be lifted.
 * - A payer who names a minimum and a deadline (`extendLife` with four arguments) is protected by
 *   them rather than by the owner's floor.
 * - A payer with USDC and no ETH signs an EIP-3009 authorization that someone else (the app's
 *   relayer) submits through {extendLifeWithAuthorization}; the signature is bound to one agent
 *   and to the payer's own minimum, which the submitter cannot change.
 */
contract FartwinLife is Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The smallest payment accepted: one battery pack, 1 USDC (6 decimals).
    uint256 public constant MIN_USDC_AMOUNT = 1e6;

    /// @notice Life bought by 1 USDC.
    uint256 public constant LIFE_PER_USDC = 7 days;

    /// @notice The domain tag of {authorizationNonce}, so no other scheme's nonce can collide with it.
    bytes32 public constant AUTHORIZATION_NONCE_TAG = keccak256("FartwinLife.extendLifeWithAuthorization");

    /// @notice How long an announced change of the burn address, swap path or floor waits.
    uint256 public constant CHANGE_DELAY = 2 days;

    /// @notice The length of an agent id: a canonical UUID, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    uint256 public constant AGENT_ID_LENGTH = 36;

    /// @dev One whole USDC in its smallest units; scales amounts and the A0X-per-USDC rate.
    uint256 private constant _USDC_UNIT = 1e6;

    /// @dev A Uniswap V3 path is `token (20 bytes) ‖ (fee (3 bytes) ‖ token (20 bytes))+`.
    uint256 private constant _ADDRESS_SIZE = 20;
    uint256 private constant _HOP_SIZE = 23;

    // The agent id check reads the id as two 32-byte words and tests all their bytes at once.
    /// @dev 0xff at the dashes' positions 8, 13, 18 and 23 of the id's first word.
    uint256 private constant _DASH_MASK = 0x0000000000000000ff00000000ff00000000ff00000000ff0000000000000000;
    /// @dev '-' at those positions.
    uint256 private constant _DASHES = 0x00000000000000002d000000002d000000002d000000002d0000000000000000;
    /// @dev XORed onto checked dashes, turns each into '0' so the hex test passes it.
    uint256 private constant _DASH_TO_ZERO = 0x00000000000000001d000000001d000000001d000000001d0000000000000000;
    /// @dev '0' in the 28 high bytes: fills the second word (the id's bytes 4..35), whose first 28
    /// bytes the first word already covers.
    uint256 private constant _ZERO_FILL = 0x3030303030303030303030303030303030303030303030303030303000000000;
    /// @dev The high bit of every byte.
    uint256 private constant _HIGH_BITS = 0x8080808080808080808080808080808080808080808080808080808080808080;
    /// @dev Added to a byte under 0x80, these set its high bit iff it is ≥ '0', > '9', ≥ 'a', > 'f'.
    uint256 private constant _FROM_0 = 0x5050505050505050505050505050505050505050505050505050505050505050;
    uint256 private constant _PAST_9 = 0x4646464646464646464646464646464646464646464646464646464646464646;
    uint256 private constant _FROM_A = 0x1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f;
    uint256 private constant _PAST_F = 0x1919191919191919191919191919191919191919191919191919191919191919;

    /// @notice The token agents are paid for in.
    IERC20 public immutable usdc;

    /// @notice The token bought and burned with every payment.
    IERC20 public immutable a0x;

    /// @notice The Uniswap SwapRouter02 that performs the USDC → A0X swap.
    IV3SwapRouter public immutable swapRouter;

    /// @dev What every payment reads, in one storage slot: where A0X goes, and the owner's floor.
    struct Settings {
        address burnAddress;
        uint96 minA0xPerUsdc;
    }

    Settings private _settings;

    /// @dev The swap path without its first (USDC) and last (A0X) token: one slot for one or two hops.
    bytes private _pathMiddle;

    /// @dev Unix time at which each agent dies, by keccak256 of its id; 0 for an agent never fed.
    mapping(bytes32 agentIdHash => uint256 expiry) private _expiry;

    struct PendingAddress {
        address value;
        uint64 effectiveAt;
    }

    struct PendingRate {
        uint96 value;
        uint64 effectiveAt;
    }

    struct PendingPath {
        bytes middle;
        uint64 effectiveAt;
    }

    /**
     * @notice A payer's EIP-3009 `ReceiveWithAuthorization` of one battery to this contract, less
     * what the contract fixes itself (value {MIN_USDC_AMOUNT}, payee this contract).
     * @param from The payer who signed.
     * @param validAfter Valid strictly after this unix second.
     * @param validBefore Valid strictly before this unix second.
     * @param minA0xOut The least A0X (18 decimals) the payer accepts for the battery, part of the nonce.
     * @param salt The salt of the nonce, which is `authorizationNonce(agentId, minA0xOut, salt)`.
     * @param signature r ‖ s ‖ v (65 bytes), or an ERC-1271 wallet's signature.
     */
    struct BatteryAuthorization {
        address from;
        uint256 validAfter;
        uint256 validBefore;
        uint256 minA0xOut;
        bytes32 salt;
        bytes signature;
    }

    PendingAddress private _pendingBurnAddress;
    PendingRate private _pendingMinA0xPerUsdc;
    PendingPath private _pendingSwapPath;

    /**
     * @notice Emitted when a payment extends an agent's life.
     * @dev The signature matches the production contract so one indexer decodes both.
     */
    event LifeExtended(string agentId, uint256 usdcAmount, uint256 a0xBurned, uint256 newTimeToDeath);

    /**
     * @notice Emitted with every {LifeExtended}, so payments can be found by agent or by payer.
     * @param agentIdHash keccak256 of the agent id (the id itself is in the {LifeExtended} before it).
     * @param payer Who paid.
     */
    event LifePaid(bytes32 indexed agentIdHash, address indexed payer);

    /// @notice Emitted when the burn address changes (also once at deployment).
    event BurnAddressUpdated(address indexed previousBurnAddress, address indexed newBurnAddress);

    /// @notice Emitted when the swap path changes (also once at deployment).
    event SwapPathUpdated(bytes path);

    /// @notice Emitted when the slippage floor changes (also once at deployment).
    event MinRateUpdated(uint256 previousMinA0xPerUsdc, uint256 newMinA0xPerUsdc);

    /// @notice The owner announced a new burn address, which it may set from `effectiveAt` on.
    event BurnAddressChangeProposed(address indexed newBurnAddress, uint256 effectiveAt);

    /// @notice The owner announced a new swap path, which it may set from `effectiveAt` on.
    event SwapPathChangeProposed(bytes path, uint256 effectiveAt);

    /// @notice The owner announced a new slippage floor, which it may set from `effectiveAt` on.
    event MinRateChangeProposed(uint256 newMinA0xPerUsdc, uint256 effectiveAt);

    /// @notice The owner withdrew an announced burn address change.
    event BurnAddressChangeCancelled(address indexed newBurnAddress);

    /// @notice The owner withdrew an announced swap path change.
    event SwapPathChangeCancelled(bytes path);

    /// @notice The owner withdrew an announced slippage floor change.
    event MinRateChangeCancelled(uint256 newMinA0xPerUsdc);

    /// @notice Emitted when the owner withdraws an amount of a token held by the contract.
    event Withdrawn(address indexed token, address indexed to, uint256 amount);

    /// @notice Emitted when the owner recovers the whole balance of a token held by the contract.
    event TokensRecovered(address indexed token, address indexed to, uint256 amount);

    /// @notice The payment is below {MIN_USDC_AMOUNT}.
    error AmountBelowMinimum(uint256 usdcAmount, uint256 minimum);

    /// @notice The relayed payment must be from a real signer.
    error ZeroPayer();

    /// @notice The agent id is not a canonical lowercase UUID (36 characters, dashes at 8, 13, 18, 23).
    error InvalidAgentId();

    /// @notice The burn address must not be the zero address.
    error ZeroBurnAddress();

    /// @notice A constructor argument that must be a contract address is zero.
    error ZeroAddress();

    /// @notice The path is malformed, or does not start with USDC and end with A0X.
    error InvalidSwapPath();

    /// @notice The swap bought less A0X than the owner's slippage floor allows.
    error InsufficientA0xOut(uint256 a0xReceived, uint256 a0xMinimum);

    /// @notice The swap bought less A0X than the payer asked for.
    error BelowPayerMinimum(uint256 a0xReceived, uint256 minA0xOut);

    /// @notice The payer's deadline is in the past.
    error DeadlinePassed(uint256 deadline, uint256 timestamp);

    /// @notice There is no announced change of this setting to execute or cancel.
    error NoPendingChange();

    /// @notice The announced change may not be executed before `effectiveAt`.
    error ChangeNotYetEffective(uint256 effectiveAt, uint256 timestamp);

    /// @notice Ownership cannot be renounced: a paused contract without an owner would end every agent.
    error RenounceOwnershipDisabled();

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
        _checkBurnAddress(burnAddress_);
        _settings = Settings({burnAddress: burnAddress_, minA0xPerUsdc: SafeCast.toUint96(minA0xPerUsdc_)});
        emit BurnAddressUpdated(address(0), burnAddress_);
        emit MinRateUpdated(0, minA0xPerUsdc_);
        _pathMiddle = _middleOf(swapPath_);
        emit SwapPathUpdated(swapPath_);
        // The router is immutable and only ever pulls what this contract passes to `exactInput`,
        // so one unlimited approval saves an approval write on every payment.
        usdc_.forceApprove(address(swapRouter_), type(uint256).max);
    }

    /**
     * @notice Pays `usdcAmount` USDC from the caller to extend the life of `agentId`, protected by
     * the owner's slippage floor ({minA0xPerUsdc}).
     * @dev The caller must have approved this contract for `usdcAmount`. Life grows by
     * `usdcAmount * 7 days / 1 USDC` from the current expiry, or from now if that is in the past.
     * @param agentId The agent to keep alive, a canonical lowercase UUID; anyone may pay for any agent.
     * @param usdcAmount The USDC to spend (6 decimals), at least {MIN_USDC_AMOUNT}.
     * @return a0xBurned The A0X that reached the burn address.
     */
    function extendLife(
        string calldata agentId,
        uint256 usdcAmount
    ) external nonReentrant whenNotPaused returns (uint256 a0xBurned) {
        Settings memory settings = _settings;
        a0xBurned = _pay(agentId, usdcAmount, settings.burnAddress, _msgSender(), true);
        uint256 a0xMinimum = (usdcAmount * settings.minA0xPerUsdc) / _USDC_UNIT;
        if (a0xBurned < a0xMinimum) revert InsufficientA0xOut(a0xBurned, a0xMinimum);
    }

    /**
     * @notice Same as {extendLife}, with the payer's own protection in place of the owner's floor:
     * the payment reverts unless it buys at least `minA0xOut` A0X and is mined by `deadline`.
     * @dev The app quotes the swap with Uniswap's QuoterV2 and passes the quote less its slippage.
     * @param agentId The agent to keep alive, a canonical lowercase UUID.
     * @param usdcAmount The USDC to spend (6 decimals), at least {MIN_USDC_AMOUNT}.
     * @param minA0xOut The least A0X (18 decimals) the swap must buy.
     * @param deadline The last unix second at which the payment may be mined.
     * @return a0xBurned The A0X that reached the burn address.
     */
    function extendLife(
        string calldata agentId,
        uint256 usdcAmount,
        uint256 minA0xOut,
        uint256 deadline
    ) external nonReentrant whenNotPaused returns (uint256 a0xBurned) {
        if (block.timestamp > deadline) revert DeadlinePassed(deadline, block.timestamp);
        a0xBurned = _pay(agentId, usdcAmount, _settings.burnAddress, _msgSender(), true);
        if (a0xBurned < minA0xOut) revert BelowPayerMinimum(a0xBurned, minA0xOut);
    }

    /**
     * @notice The nonce a payer's EIP-3009 authorization must carry to pay for `agentId` through
     * {extendLifeWithAuthorization}: `keccak256(abi.encode(AUTHORIZATION_NONCE_TAG,
     * keccak256(bytes(agentId)), minA0xOut, salt))`.
     * @param agentId The agent the payer means to keep alive.
     * @param minA0xOut The least A0X (18 decimals) the payer accepts for the battery.
     * @param salt Any 32 random bytes the payer picks, so each authorization is new.
     * @return The authorization nonce.
     */
    function authorizationNonce(string calldata agentId, uint256 minA0xOut, bytes32 salt)
        public
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(AUTHORIZATION_NONCE_TAG, keccak256(bytes(agentId)), minA0xOut, salt));
    }

    /**
     * @notice Pays one battery (1 USDC) for `agentId` from `from`'s EIP-3009
     * `ReceiveWithAuthorization`, so that `from` needs no ETH: whoever submits it pays the gas.
     * Extends the life exactly as {extendLife} does (same 7 days, swap-and-burn and events), with
     * `from` as the payer in {LifePaid}.
     * @dev What `from` signed, and why it cannot be spent otherwise:
     * - value exactly {MIN_USDC_AMOUNT} and `to` this contract: the contract rebuilds the
     *   authorization with them, so a signature for any other amount or payee fails USDC's check;
     * - nonce `authorizationNonce(agentId, minA0xOut, salt)`: the contract derives the nonce from
     *   the agent id it is asked to feed and the minimum it is asked to hold the swap to, so a
     *   signature seen in the mempool cannot feed another agent, and a submitter who lowers or
     *   strips the payer's minimum makes the signature fail (the derived nonce would differ and the
     *   signature would not recover to `from`);
     * - `receiveWithAuthorization` only lets the payee (this contract) submit it, and USDC marks
     *   the nonce used, so the same signature pays at most once;
     * - `validAfter`/`validBefore`: USDC refuses it outside that window (the deadline).
     * The swap is held to the higher of the payer's signed `minA0xOut` and the owner's floor.
     * @param agentId The agent to keep alive, a canonical lowercase UUID.
     * @param authorization What the payer signed beyond the fixed value and payee, and the signature.
     * @return a0xBurned The A0X that reached the burn address.
     */
    function extendLifeWithAuthorization(string calldata agentId, BatteryAuthorization calldata authorization)
        external
        nonReentrant
        whenNotPaused
        returns (uint256 a0xBurned)
    {
        address from = authorization.from;
        if (from == address(0)) revert ZeroPayer();
        uint256 minA0xOut = authorization.minA0xOut;
        IERC3009(address(usdc)).receiveWithAuthorization(
            from,
            address(this),
            MIN_USDC_AMOUNT,
            authorization.validAfter,
            authorization.validBefore,
            authorizationNonce(agentId, minA0xOut, authorization.salt),
            authorization.signature
        );
        Settings memory settings = _settings;
        a0xBurned = _pay(agentId, MIN_USDC_AMOUNT, settings.burnAddress, from, false);
        uint256 a0xFloor = (MIN_USDC_AMOUNT * settings.minA0xPerUsdc) / _USDC_UNIT;
        if (a0xBurned < a0xFloor) revert InsufficientA0xOut(a0xBurned, a0xFloor);
        if (a0xBurned < minA0xOut) revert BelowPayerMinimum(a0xBurned, minA0xOut);
    }

    /**
     * @notice The unix time at which `agentId` dies.
     * @param agentId The agent.
     * @return The expiry in unix seconds, or 0 if the agent was never fed.
     */
    function agentTimeToDeath(string calldata agentId) external view returns (uint256) {
        return _expiryOf(agentId);
    }

    /**
     * @notice Same as {agentTimeToDeath}: the unix time at which `agentId` dies (0 if never fed).
     * @param agentId The agent.
     * @return The expiry in unix seconds.
     */
    function getExpirationTime(string calldata agentId) external view returns (uint256) {
        return _expiryOf(agentId);
    }

    /**
     * @notice Seconds `agentId` has left to live.
     * @param agentId The agent.
     * @return The remaining life in seconds, 0 when dead or never fed.
     */
    function getRemainingLife(string calldata agentId) public view returns (uint256) {
        uint256 expiry = _expiryOf(agentId);
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
        return _expiryOf(agentId) > block.timestamp;
    }

    /**
     * @notice Where bought A0X is sent.
     * @return The burn address.
     */
    function burnAddress() external view returns (address) {
        return _settings.burnAddress;
    }

    /**
     * @notice The owner's slippage floor, used by the two-argument {extendLife}.
     * @return The least A0X (18 decimals) a whole USDC must buy; 0 when disabled.
     */
    function minA0xPerUsdc() external view returns (uint256) {
        return _settings.minA0xPerUsdc;
    }

    /**
     * @notice The Uniswap V3 path payments are swapped along.
     * @return The encoded path, USDC first and A0X last.
     */
    function swapPath() external view returns (bytes memory) {
        return _fullPath(_pathMiddle);
    }

    /**
     * @notice The announced burn address change, if any.
     * @return newBurnAddress The announced address (zero when none).
     * @return effectiveAt When it may be executed (0 when none).
     */
    function pendingBurnAddress() external view returns (address newBurnAddress, uint256 effectiveAt) {
        return (_pendingBurnAddress.value, _pendingBurnAddress.effectiveAt);
    }

    /**
     * @notice The announced swap path change, if any.
     * @return path The announced path (empty when none).
     * @return effectiveAt When it may be executed (0 when none).
     */
    function pendingSwapPath() external view returns (bytes memory path, uint256 effectiveAt) {
        effectiveAt = _pendingSwapPath.effectiveAt;
        if (effectiveAt != 0) path = _fullPath(_pendingSwapPath.middle);
    }

    /**
     * @notice The announced slippage floor change, if any.
     * @return newMinA0xPerUsdc The announced floor.
     * @return effectiveAt When it may be executed (0 when none).
     */
    function pendingMinA0xPerUsdc() external view returns (uint256 newMinA0xPerUsdc, uint256 effectiveAt) {
        return (_pendingMinA0xPerUsdc.value, _pendingMinA0xPerUsdc.effectiveAt);
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
     * @notice Announces a new burn address, settable with {executeBurnAddress} after {CHANGE_DELAY}.
     * A new proposal replaces an earlier one and restarts the delay.
     * @param newBurnAddress The new burn address, non-zero.
     */
    function proposeBurnAddress(address newBurnAddress) external onlyOwner {
        _checkBurnAddress(newBurnAddress);
        uint64 effectiveAt = _effectiveAt();
        _pendingBurnAddress = PendingAddress({value: newBurnAddress, effectiveAt: effectiveAt});
        emit BurnAddressChangeProposed(newBurnAddress, effectiveAt);
    }

    /// @notice Sets the announced burn address, once its delay has passed.
    function executeBurnAddress() external onlyOwner {
        PendingAddress memory pending = _pendingBurnAddress;
        _checkEffective(pending.effectiveAt);
        delete _pendingBurnAddress;
        emit BurnAddressUpdated(_settings.burnAddress, pending.value);
        _settings.burnAddress = pending.value;
    }

    /// @notice Withdraws the announced burn address change.
    function cancelBurnAddress() external onlyOwner {
        PendingAddress memory pending = _pendingBurnAddress;
        if (pending.effectiveAt == 0) revert NoPendingChange();
        delete _pendingBurnAddress;
        emit BurnAddressChangeCancelled(pending.value);
    }

    /**
     * @notice Announces a new swap path, settable with {executeSwapPath} after {CHANGE_DELAY}.
     * A new proposal replaces an earlier one and restarts the delay.
     * @param newSwapPath An encoded V3 path that starts with USDC and ends with A0X.
     */
    function proposeSwapPath(bytes calldata newSwapPath) external onlyOwner {
        uint64 effectiveAt = _effectiveAt();
        _pendingSwapPath = PendingPath({middle: _middleOf(newSwapPath), effectiveAt: effectiveAt});
        emit SwapPathChangeProposed(newSwapPath, effectiveAt);
    }

    /// @notice Sets the announced swap path, once its delay has passed.
    function executeSwapPath() external onlyOwner {
        _checkEffective(_pendingSwapPath.effectiveAt);
        bytes memory middle = _pendingSwapPath.middle;
        delete _pendingSwapPath;
        _pathMiddle = middle;
        emit SwapPathUpdated(_fullPath(middle));
    }

    /// @notice Withdraws the announced swap path change.
    function cancelSwapPath() external onlyOwner {
        if (_pendingSwapPath.effectiveAt == 0) revert NoPendingChange();
        bytes memory path = _fullPath(_pendingSwapPath.middle);
        delete _pendingSwapPath;
        emit SwapPathChangeCancelled(path);
    }

    /**
     * @notice Announces a new slippage floor, settable with {executeMinA0xPerUsdc} after {CHANGE_DELAY}.
     * A new proposal replaces an earlier one and restarts the delay.
     * @param newMinA0xPerUsdc The least A0X (18 decimals) a whole USDC must buy; 0 disables the floor.
     */
    function proposeMinA0xPerUsdc(uint256 newMinA0xPerUsdc) external onlyOwner {
        uint64 effectiveAt = _effectiveAt();
        _pendingMinA0xPerUsdc = PendingRate({value: SafeCast.toUint96(newMinA0xPerUsdc), effectiveAt: effectiveAt});
        emit MinRateChangeProposed(newMinA0xPerUsdc, effectiveAt);
    }

    /// @notice Sets the announced slippage floor, once its delay has passed.
    function executeMinA0xPerUsdc() external onlyOwner {
        PendingRate memory pending = _pendingMinA0xPerUsdc;
        _checkEffective(pending.effectiveAt);
        delete _pendingMinA0xPerUsdc;
        emit MinRateUpdated(_settings.minA0xPerUsdc, pending.value);
        _settings.minA0xPerUsdc = pending.value;
    }

    /// @notice Withdraws the announced slippage floor change.
    function cancelMinA0xPerUsdc() external onlyOwner {
        PendingRate memory pending = _pendingMinA0xPerUsdc;
        if (pending.effectiveAt == 0) revert NoPendingChange();
        delete _pendingMinA0xPerUsdc;
        emit MinRateChangeCancelled(pending.value);
    }

    /// @notice Stops all payments until {unpause}.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Accepts payments again.
    function unpause() external onlyOwner {
        _unpause();
    }

    /**
     * @notice Always reverts: the contract keeps an owner, so a pause can always be lifted.
     * @dev Ownership still moves with {transferOwnership} and {acceptOwnership}.
     */
    function renounceOwnership() public view override onlyOwner {
        revert RenounceOwnershipDisabled();
    }

    /**
     * @dev Checks the id, extends the life, pulls the USDC from `payer` unless it already arrived
     * (`pull` false: an EIP-3009 authorization moved it), swaps it into A0X at `burnTo` and emits
     * the events; the caller checks the A0X bought against its minimum (a revert undoes it all).
     */
    function _pay(
        string calldata agentId,
        uint256 usdcAmount,
        address burnTo,
        address payer,
        bool pull
    ) private returns (uint256 a0xBurned) {
        _checkAgentId(agentId);
        if (usdcAmount < MIN_USDC_AMOUNT) revert AmountBelowMinimum(usdcAmount, MIN_USDC_AMOUNT);

        bytes32 agentIdHash = keccak256(bytes(agentId));
        uint256 currentExpiry = _expiry[agentIdHash];
        uint256 from = currentExpiry > block.timestamp ? currentExpiry : block.timestamp;
        uint256 newExpiry = from + (usdcAmount * LIFE_PER_USDC) / _USDC_UNIT;
        _expiry[agentIdHash] = newExpiry;

        if (pull) usdc.safeTransferFrom(payer, address(this), usdcAmount);
        // The router's own minimum is left at 0 so that a shortfall surfaces as this contract's
        // custom errors. Its answer is what the path's last pool sent to `burnTo`: the router is
        // immutable and A0X is a plain ERC-20, so the burn address's balance need not be read.
        a0xBurned = swapRouter.exactInput(
            IV3SwapRouter.ExactInputParams({
                path: _fullPath(_pathMiddle),
                recipient: burnTo,
                amountIn: usdcAmount,
                amountOutMinimum: 0
            })
        );

        emit LifeExtended(agentId, usdcAmount, a0xBurned, newExpiry);
        emit LifePaid(agentIdHash, payer);
    }

    /**
     * @dev Reverts unless `agentId` is `[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`,
     * the form the server issues. Tests all 36 bytes as two words: the dashes against a mask, then
     * every other byte against the lowercase hex ranges with carry-free per-byte additions.
     */
    function _checkAgentId(string calldata agentId) private pure {
        bool valid;
        assembly ("memory-safe") {
            if eq(agentId.length, AGENT_ID_LENGTH) {
                let first := calldataload(agentId.offset)
                // Bytes 4..35; only its last four (the id's 32..35) are new, the rest become '0'.
                let last := or(and(calldataload(add(agentId.offset, 4)), 0xffffffff), _ZERO_FILL)
                if eq(and(first, _DASH_MASK), _DASHES) {
                    first := xor(first, _DASH_TO_ZERO)
                    // A byte under 0x80 plus an addend under 0x80 never carries into the next
                    // byte. A byte from 0x80 up fails both ranges itself, and the lowest such byte
                    // gets no carry from below, so carries cannot make a bad word pass.
                    let hexFirst := or(
                        and(add(first, _FROM_0), not(add(first, _PAST_9))),
                        and(add(first, _FROM_A), not(add(first, _PAST_F)))
                    )
                    let hexLast := or(
                        and(add(last, _FROM_0), not(add(last, _PAST_9))),
                        and(add(last, _FROM_A), not(add(last, _PAST_F)))
                    )
                    valid := eq(and(and(hexFirst, hexLast), _HIGH_BITS), _HIGH_BITS)
                }
            }
        }
        if (!valid) revert InvalidAgentId();
    }

    function _expiryOf(string calldata agentId) private view returns (uint256) {
        return _expiry[keccak256(bytes(agentId))];
    }

    function _effectiveAt() private view returns (uint64) {
        return SafeCast.toUint64(block.timestamp + CHANGE_DELAY);
    }

    function _checkEffective(uint64 effectiveAt) private view {
        if (effectiveAt == 0) revert NoPendingChange();
        if (block.timestamp < effectiveAt) revert ChangeNotYetEffective(effectiveAt, block.timestamp);
    }

    function _checkBurnAddress(address newBurnAddress) private pure {
        if (newBurnAddress == address(0)) revert ZeroBurnAddress();
    }

    function _fullPath(bytes memory middle) private view returns (bytes memory) {
        return abi.encodePacked(address(usdc), middle, address(a0x));
    }

    /// @dev Checks a full path (USDC first, A0X last, whole hops) and returns what lies between.
    function _middleOf(bytes memory path) private view returns (bytes memory middle) {
        uint256 length = path.length;
        if (length < _ADDRESS_SIZE + _HOP_SIZE || (length - _ADDRESS_SIZE) % _HOP_SIZE != 0) {
            revert InvalidSwapPath();
        }
        address tokenIn;
        address tokenOut;
        assembly ("memory-safe") {
            let data := add(path, 0x20)
            tokenIn := shr(96, mload(data))
            tokenOut := shr(96, mload(add(data, sub(length, _ADDRESS_SIZE))))
        }
        if (tokenIn != address(usdc) || tokenOut != address(a0x)) revert InvalidSwapPath();
        middle = new bytes(length - 2 * _ADDRESS_SIZE);
        for (uint256 i = 0; i < middle.length; ++i) {
            middle[i] = path[i + _ADDRESS_SIZE];
        }
    }
}

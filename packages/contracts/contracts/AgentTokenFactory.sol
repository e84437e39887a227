// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {AgentLpLocker} from "./AgentLpLocker.sol";
import {AgentToken} from "./AgentToken.sol";
import {INonfungiblePositionManager} from "./interfaces/INonfungiblePositionManager.sol";

/**
 * @title AgentTokenFactory
 * @notice The local stand-in for Clanker v4: deploys one fixed-supply ERC-20 per agent and launches
 * it the way Clanker's "Standard" pool does, on Uniswap V3. The whole supply goes into one one-sided
 * position against WETH, from the starting price (about 10 ETH of market cap) up; the position is
 * held forever by the AgentLpLocker, whose fees go to the agent's wallet (the reward recipient).
 */
contract AgentTokenFactory {
    /// @notice The supply of every token: 100 billion with 18 decimals (Clanker's default).
    uint256 public constant TOKEN_SUPPLY = 100_000_000_000 * 1e18;
    /// @notice 1 %: Clanker v4's static fee. Its tick spacing is 200.
    uint24 public constant POOL_FEE = 10_000;
    /// @notice Clanker's starting tick when the token is token0 (WETH per token ≈ 1e-10, ~10 ETH cap).
    int24 public constant STARTING_TICK = -230_400;
    /// @notice Where Clanker's Standard position ends (about 6e-6 WETH per token).
    int24 public constant POSITION_END_TICK = -120_000;
    /**
     * @dev Opening prices just outside the position, so that only the token is deposited: TickMath's
     * sqrt ratio at the starting tick, less 1e-9 when the token is token0 (price below the range), and
     * at minus the starting tick plus 1e-9 when the token is token1 (price above the range).
     */
    uint160 internal constant OPEN_SQRT_PRICE_TOKEN0 = 787149617462535531041495;
    uint160 internal constant OPEN_SQRT_PRICE_TOKEN1 = 7974470921578565177744832778030989;

    INonfungiblePositionManager public immutable positionManager;
    address public immutable weth;
    /// @notice Holds every launch position; created with the factory.
    AgentLpLocker public immutable locker;

    /// @notice Emitted for every token created; `recipient` receives its fees.
    event AgentTokenCreated(address indexed token, string name, string symbol, address indexed recipient);

    /// @notice Emitted with every token: its pool and the locked position.
    event AgentTokenLaunched(address indexed token, address pool, uint256 positionId);

    /// @notice The name is empty.
    error EmptyName();

    /// @notice The symbol is empty.
    error EmptySymbol();

    /// @notice The reward recipient is the zero address.
    error ZeroRecipient();

    constructor(INonfungiblePositionManager positionManager_, address weth_) {
        positionManager = positionManager_;
        weth = weth_;
        locker = new AgentLpLocker(positionManager_, address(this));
    }

    /**
     * @notice Deploys a new token, opens its pool against WETH with the whole supply as one-sided
     * liquidity, and locks the position with `recipient` as the receiver of its fees. The token says
     * nothing of who launched it (see createTokenWithInfo).
     * @param name The token name, non-empty.
     * @param symbol The token symbol, non-empty.
     * @param recipient Receives the position's trading fees (the agent's wallet).
     * @return token The address of the new token.
     */
    function createToken(
        string calldata name,
        string calldata symbol,
        address recipient
    ) external returns (address token) {
        return _launch(_newToken(name, symbol, recipient, "", "", ""), recipient);
    }

    /**
     * @notice As createToken, with what the token records of who launched it, as Clanker's tokens do.
     * @param image The token's image URL (the agent's avatar).
     * @param metadata JSON: its description and socials.
     * @param context JSON: the interface, platform, poster's id and message it was launched from.
     * @return token The address of the new token.
     */
    function createTokenWithInfo(
        string calldata name,
        string calldata symbol,
        address recipient,
        string calldata image,
        string calldata metadata,
        string calldata context
    ) external returns (address token) {
        return _launch(_newToken(name, symbol, recipient, image, metadata, context), recipient);
    }

    /// @dev Checks the arguments and deploys the token, its whole supply to this factory.
    function _newToken(
        string calldata name,
        string calldata symbol,
        address recipient,
        string memory image,
        string memory metadata,
        string memory context
    ) internal returns (address token) {
        if (bytes(name).length == 0) revert EmptyName();
        if (bytes(symbol).length == 0) revert EmptySymbol();
        if (recipient == address(0)) revert ZeroRecipient();
        token = address(new AgentToken(name, symbol, address(this), TOKEN_SUPPLY, image, metadata, context));
        emit AgentTokenCreated(token, name, symbol, recipient);
    }

    /// @dev Opens the token's pool with its whole supply and locks the position for `recipient`.
    function _launch(address token, address recipient) internal returns (address) {
        bool tokenIsToken0 = token < weth;
        address pool = positionManager.createAndInitializePoolIfNecessary(
            tokenIsToken0 ? token : weth,
            tokenIsToken0 ? weth : token,
            POOL_FEE,
            tokenIsToken0 ? OPEN_SQRT_PRICE_TOKEN0 : OPEN_SQRT_PRICE_TOKEN1
        );
        IERC20(token).approve(address(positionManager), TOKEN_SUPPLY);
        (uint256 positionId, , , ) = positionManager.mint(
            INonfungiblePositionManager.MintParams({
                token0: tokenIsToken0 ? token : weth,
                token1: tokenIsToken0 ? weth : token,
                fee: POOL_FEE,
                // Mirrored when the token is token1: its price in WETH rises as the pool's tick falls.
                tickLower: tokenIsToken0 ? STARTING_TICK : -POSITION_END_TICK,
                tickUpper: tokenIsToken0 ? POSITION_END_TICK : -STARTING_TICK,
                amount0Desired: tokenIsToken0 ? TOKEN_SUPPLY : 0,
                amount1Desired: tokenIsToken0 ? 0 : TOKEN_SUPPLY,
                amount0Min: 0,
                amount1Min: 0,
                recipient: address(locker),
                deadline: block.timestamp
            })
        );
        locker.lock(token, positionId, recipient);
        // Liquidity rounds down: the few units it leaves behind are burnt rather than kept here.
        uint256 dust = IERC20(token).balanceOf(address(this));
        if (dust > 0) IERC20(token).transfer(address(0xdEaD), dust);
        emit AgentTokenLaunched(token, pool, positionId);
        return token;
    }
}

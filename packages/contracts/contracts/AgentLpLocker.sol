// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {INonfungiblePositionManager} from "./interfaces/INonfungiblePositionManager.sol";

/**
 * @title AgentLpLocker
 * @notice Holds every agent token's launch position forever; only its trading fees leave, and only
 * to the token's reward recipient (the agent's wallet). The local stand-in for Clanker v4's LP
 * locker and fee locker: there, fees wait in the fee locker until claimed; here `collectRewards`
 * sends them straight to the recipient, and anyone may call it.
 * There is no function that decreases liquidity, moves the position NFT or changes the recipient.
 */
contract AgentLpLocker {
    struct Lock {
        uint256 positionId;
        address rewardRecipient;
    }

    INonfungiblePositionManager public immutable positionManager;
    /// @notice The only account that may lock positions: the factory that created this locker.
    address public immutable factory;

    /// @notice Each token's launch position and who receives its fees.
    mapping(address token => Lock) public locks;

    /// @notice A launch position was locked for `token`.
    event PositionLocked(address indexed token, uint256 positionId, address indexed rewardRecipient);

    /// @notice Fees of `token`'s position were sent to its recipient.
    event RewardsCollected(address indexed token, address indexed rewardRecipient, uint256 amount0, uint256 amount1);

    /// @notice Only the factory locks positions.
    error NotFactory();

    /// @notice The token already has a locked position.
    error AlreadyLocked();

    /// @notice The locker does not hold the position.
    error PositionNotHeld();

    /// @notice No position is locked for the token.
    error UnknownToken();

    constructor(INonfungiblePositionManager positionManager_, address factory_) {
        positionManager = positionManager_;
        factory = factory_;
    }

    /**
     * @notice Records a position the factory minted to this locker.
     * @param token The agent token whose launch position it is.
     * @param positionId The position NFT, already owned by this locker.
     * @param rewardRecipient Receives every fee the position earns.
     */
    function lock(address token, uint256 positionId, address rewardRecipient) external {
        if (msg.sender != factory) revert NotFactory();
        if (locks[token].positionId != 0) revert AlreadyLocked();
        if (positionManager.ownerOf(positionId) != address(this)) revert PositionNotHeld();
        locks[token] = Lock(positionId, rewardRecipient);
        emit PositionLocked(token, positionId, rewardRecipient);
    }

    /**
     * @notice Sends the fees `token`'s position has earned, in both of the pool's tokens, to its
     * reward recipient. The liquidity stays. Callable by anyone: the fees can only go one way.
     * @return amount0 Fees paid out in the pool's token0.
     * @return amount1 Fees paid out in the pool's token1.
     */
    function collectRewards(address token) external returns (uint256 amount0, uint256 amount1) {
        Lock memory locked = locks[token];
        if (locked.positionId == 0) revert UnknownToken();
        (amount0, amount1) = positionManager.collect(
            INonfungiblePositionManager.CollectParams({
                tokenId: locked.positionId,
                recipient: locked.rewardRecipient,
                amount0Max: type(uint128).max,
                amount1Max: type(uint128).max
            })
        );
        emit RewardsCollected(token, locked.rewardRecipient, amount0, amount1);
    }
}

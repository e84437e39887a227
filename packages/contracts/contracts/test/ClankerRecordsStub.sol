// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @notice Test stand-in for what Clanker v4 records on Base about a token it deployed: the factory's
/// tokenDeploymentInfo, the locker's tokenRewards and the token's admin. Its runtime code is placed
/// at the factory's, the locker's and a token's addresses on a local chain, so the server's check of
/// "is this token ours?" runs against the same views it reads on Base.
contract ClankerRecordsStub {
    struct DeploymentInfo {
        address token;
        address hook;
        address locker;
        address[] extensions;
    }

    struct PoolKey {
        address currency0;
        address currency1;
        uint24 fee;
        int24 tickSpacing;
        address hooks;
    }

    struct TokenRewardInfo {
        address token;
        PoolKey poolKey;
        uint256 positionId;
        uint256 numPositions;
        uint16[] rewardBps;
        address[] rewardAdmins;
        address[] rewardRecipients;
    }

    mapping(address => address) private lockers;
    mapping(address => address) private rewardAdmins;
    mapping(address => address) private rewardRecipients;
    address public admin;

    /// Factory role: `token` was deployed through this factory, its rewards held by `locker`.
    function recordDeployment(address token, address locker) external {
        lockers[token] = locker;
    }

    /// Locker role: one reward slot of `token`, 100% to `recipient`, administered by `rewardAdmin`.
    function recordRewards(address token, address rewardAdmin, address recipient) external {
        rewardAdmins[token] = rewardAdmin;
        rewardRecipients[token] = recipient;
    }

    /// Token role.
    function setAdmin(address newAdmin) external {
        admin = newAdmin;
    }

    function tokenDeploymentInfo(address token) external view returns (DeploymentInfo memory info) {
        if (lockers[token] != address(0)) {
            info.token = token;
            info.locker = lockers[token];
        }
    }

    function tokenRewards(address token) external view returns (TokenRewardInfo memory info) {
        info.token = token;
        info.rewardBps = new uint16[](1);
        info.rewardBps[0] = 10_000;
        info.rewardAdmins = new address[](1);
        info.rewardAdmins[0] = rewardAdmins[token];
        info.rewardRecipients = new address[](1);
        info.rewardRecipients[0] = rewardRecipients[token];
    }
}

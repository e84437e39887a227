// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @notice Test fixture: emits FartwinLife's `LifeExtended` event with any arguments, so the server's
/// life indexer can be run against agent ids the real contract refuses (a NUL byte, any string),
/// as a contract that accepts any string (the first deployment on Base) would emit them.
contract LifeExtendedEmitter {
    /// The same signature as FartwinLife's, so the same ABI decodes it.
    event LifeExtended(string agentId, uint256 usdcAmount, uint256 a0xBurned, uint256 newTimeToDeath);

    /// @notice Emits one LifeExtended event with exactly these arguments.
    function emitLifeExtended(string calldata agentId, uint256 usdcAmount, uint256 a0xBurned, uint256 newTimeToDeath)
        external
    {
        emit LifeExtended(agentId, usdcAmount, a0xBurned, newTimeToDeath);
    }
}

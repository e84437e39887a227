// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/**
 * @title LocalUSDC
 * @notice USDC for the local chain: same name, symbol, decimals and EIP-2612 domain as Circle's
 * FiatToken on Base, plus an owner-only mint for funding dev accounts.
 * @dev OpenZeppelin's ERC20Permit fixes the EIP-712 version to "1"; USDC on Base signs with
 * version "2", so permit is implemented here on EIP712 directly to match it.
 */
contract LocalUSDC is ERC20, EIP712, Nonces, IERC20Permit, Ownable {
    bytes32 private constant _PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    /// @notice The permit deadline has passed.
    error ERC2612ExpiredSignature(uint256 deadline);

    /// @notice The permit was not signed by `owner`.
    error ERC2612InvalidSigner(address signer, address owner);

    /// @param initialOwner The account allowed to mint.
    constructor(address initialOwner) ERC20("USD Coin", "USDC") EIP712("USD Coin", "2") Ownable(initialOwner) {}

    /// @notice USDC has 6 decimals.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /**
     * @notice Creates `amount` tokens for `to`.
     * @param to The receiver.
     * @param amount The amount, 6 decimals.
     */
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /**
     * @notice Sets `spender`'s allowance over `owner`'s tokens from an EIP-2612 signature.
     * @param owner The token holder who signed.
     * @param spender The account allowed to spend.
     * @param value The allowance.
     * @param deadline The last unix second the signature is valid.
     * @param v Signature v.
     * @param r Signature r.
     * @param s Signature s.
     */
    function permit(
        address owner,
        address spender,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        if (block.timestamp > deadline) revert ERC2612ExpiredSignature(deadline);
        bytes32 structHash = keccak256(abi.encode(_PERMIT_TYPEHASH, owner, spender, value, _useNonce(owner), deadline));
        address signer = ECDSA.recover(_hashTypedDataV4(structHash), v, r, s);
        if (signer != owner) revert ERC2612InvalidSigner(signer, owner);
        _approve(owner, spender, value);
    }

    /// @inheritdoc IERC20Permit
    function nonces(address owner) public view override(IERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }

    /// @inheritdoc IERC20Permit
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }
}

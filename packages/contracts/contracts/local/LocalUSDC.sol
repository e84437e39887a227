// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/**
 * @title LocalUSDC
 * @notice USDC for the local chain: same name, symbol, decimals and EIP-2612 domain as Circle's
 * FiatToken on Base, EIP-3009 signed transfers as FiatToken v2.2 has them, plus an owner-only
 * mint for funding dev accounts.
 * @dev OpenZeppelin's ERC20Permit fixes the EIP-712 version to "1"; USDC on Base signs with
 * version "2", so permit is implemented here on EIP712 directly to match it. EIP-3009 follows
 * FiatToken v2.2: the same typehashes, events, revert strings, random 32-byte nonces per
 * authorizer, a window open strictly after `validAfter` and strictly before `validBefore`, and
 * both the (v, r, s) and the `bytes signature` forms (the latter also takes ERC-1271 contract
 * wallets' signatures).
 */
contract LocalUSDC is ERC20, EIP712, Nonces, IERC20Permit, Ownable {
    bytes32 private constant _PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    /// @notice EIP-3009 type of a transfer anyone may submit.
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    /// @notice EIP-3009 type of a transfer only the payee may submit (safe from front-running).
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    /// @notice EIP-3009 type of the cancellation of an unused authorization.
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    /// @dev Whether each authorizer's nonce has been used or cancelled.
    mapping(address authorizer => mapping(bytes32 nonce => bool used)) private _authorizationStates;

    /// @notice An authorization was used for a transfer.
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);

    /// @notice An authorization was cancelled before use.
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

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

    /**
     * @notice Whether `authorizer`'s `nonce` has been used or cancelled.
     * @param authorizer The signer of the authorization.
     * @param nonce The authorization's 32-byte nonce.
     * @return True once used or cancelled.
     */
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    /**
     * @notice Moves `value` from `from` to `to` with `from`'s signed authorization; anyone may submit it.
     * @param from The payer, who signed.
     * @param to The payee.
     * @param value The amount, 6 decimals.
     * @param validAfter The authorization is valid strictly after this unix second.
     * @param validBefore The authorization is valid strictly before this unix second.
     * @param nonce A unique 32-byte nonce chosen by the signer.
     * @param v Signature v.
     * @param r Signature r.
     * @param s Signature s.
     */
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _transferWithAuthorization(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v)
        );
    }

    /// @notice {transferWithAuthorization} with a packed signature (EOA or ERC-1271 wallet).
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        _transferWithAuthorization(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature
        );
    }

    /**
     * @notice Like {transferWithAuthorization}, but only the payee `to` may submit it, so a copy seen
     * in the mempool cannot be sent ahead of the payee's own call.
     * @param from The payer, who signed.
     * @param to The payee, which must be the caller.
     * @param value The amount, 6 decimals.
     * @param validAfter The authorization is valid strictly after this unix second.
     * @param validBefore The authorization is valid strictly before this unix second.
     * @param nonce A unique 32-byte nonce chosen by the signer.
     * @param v Signature v.
     * @param r Signature r.
     * @param s Signature s.
     */
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(to == _msgSender(), "FiatTokenV2: caller must be the payee");
        _transferWithAuthorization(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v)
        );
    }

    /// @notice {receiveWithAuthorization} with a packed signature (EOA or ERC-1271 wallet).
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        require(to == _msgSender(), "FiatTokenV2: caller must be the payee");
        _transferWithAuthorization(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature
        );
    }

    /**
     * @notice Cancels `authorizer`'s unused authorization `nonce` with their signature.
     * @param authorizer The signer of the authorization to cancel.
     * @param nonce Its nonce.
     * @param v Signature v.
     * @param r Signature r.
     * @param s Signature s.
     */
    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        _cancelAuthorization(authorizer, nonce, abi.encodePacked(r, s, v));
    }

    /// @notice {cancelAuthorization} with a packed signature (EOA or ERC-1271 wallet).
    function cancelAuthorization(address authorizer, bytes32 nonce, bytes calldata signature) external {
        _cancelAuthorization(authorizer, nonce, signature);
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

    function _transferWithAuthorization(
        bytes32 typeHash,
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) private {
        require(block.timestamp > validAfter, "FiatTokenV2: authorization is not yet valid");
        require(block.timestamp < validBefore, "FiatTokenV2: authorization is expired");
        _requireUnusedAuthorization(from, nonce);
        bytes32 structHash = keccak256(abi.encode(typeHash, from, to, value, validAfter, validBefore, nonce));
        _requireValidSignature(from, structHash, signature);
        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
        _transfer(from, to, value);
    }

    function _cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) private {
        _requireUnusedAuthorization(authorizer, nonce);
        _requireValidSignature(authorizer, keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)), signature);
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _requireUnusedAuthorization(address authorizer, bytes32 nonce) private view {
        require(!_authorizationStates[authorizer][nonce], "FiatTokenV2: authorization is used or canceled");
    }

    function _requireValidSignature(address signer, bytes32 structHash, bytes memory signature) private view {
        require(
            SignatureChecker.isValidSignatureNow(signer, _hashTypedDataV4(structHash), signature),
            "FiatTokenV2: invalid signature"
        );
    }
}

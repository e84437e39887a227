// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/**
 * @title WETH9
 * @notice Wrapped ether for the local chain. Uniswap's position manager and router take its
 * address at construction; it behaves like WETH9 (deposit, withdraw, wrap on plain transfers).
 */
contract WETH9 is ERC20 {
    /// @notice Emitted when ether is wrapped.
    event Deposit(address indexed account, uint256 amount);

    /// @notice Emitted when ether is unwrapped.
    event Withdrawal(address indexed account, uint256 amount);

    constructor() ERC20("Wrapped Ether", "WETH") {}

    /// @notice Plain ether transfers wrap, as in WETH9.
    receive() external payable {
        deposit();
    }

    /// @notice Wraps the ether sent.
    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /**
     * @notice Unwraps `amount` and sends the ether to the caller.
     * @param amount The amount, 18 decimals.
     */
    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        emit Withdrawal(msg.sender, amount);
        Address.sendValue(payable(msg.sender), amount);
    }
}

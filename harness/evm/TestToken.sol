// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The part of ERC-20 the portfolio reads. Placed at each token's address with
/// evm_setAccountCode; balances (slot 0 mapping) and decimals (slot 1) are set with
/// evm_setAccountStorageAt, so one bytecode serves every token.
contract TestToken {
    mapping(address => uint256) private balances;
    uint8 private tokenDecimals;

    function balanceOf(address owner) external view returns (uint256) {
        return balances[owner];
    }

    function decimals() external view returns (uint8) {
        return tokenDecimals;
    }
}

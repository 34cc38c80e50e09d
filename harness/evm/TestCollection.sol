// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The part of ERC-721 the portfolio reads, and enough to move tokens in tests. Placed at each
/// collection's address with evm_setAccountCode; one bytecode serves every collection. Anyone
/// may mint and move: it only ever runs on the test node.
contract TestCollection {
    mapping(address => uint256) private balances;
    mapping(uint256 => address) private owners;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "zero address");
        return balances[owner];
    }

    function ownerOf(uint256 tokenId) external view returns (address) {
        address owner = owners[tokenId];
        require(owner != address(0), "no such token");
        return owner;
    }

    function mint(address to, uint256 tokenId) external {
        require(to != address(0) && owners[tokenId] == address(0), "cannot mint");
        owners[tokenId] = to;
        balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function transferFrom(address from, address to, uint256 tokenId) external {
        require(owners[tokenId] == from && to != address(0), "not the owner");
        owners[tokenId] = to;
        balances[from] -= 1;
        balances[to] += 1;
        emit Transfer(from, to, tokenId);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// Multicall3's aggregate3, the one function the portfolio calls, written for the tests and
/// placed at Multicall3's canonical address with evm_setAccountCode.
contract TestMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(success, data);
        }
    }

    function getEthBalance(address owner) external view returns (uint256) {
        return owner.balance;
    }
}

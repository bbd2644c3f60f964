// A tc.contract that is not a valid contract is a structural rejection,
// reported at the module with the member at fault (docs/contract.md).
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{invalid tc.contract: format: unsupported contract format (expected "tensorc-contract/1")}}
module attributes {tc.contract = {format = "tensorc-contract/0", name = "old", dtypes = {}, ops = {}, outputs = {}}} {
}

// -----

// expected-error@+1 {{invalid tc.contract: ops.*: missing member 'fast_math' (ops.* must give every permission)}}
module attributes {tc.contract = {format = "tensorc-contract/1", name = "x", dtypes = {}, ops = {"*" = {reassociate = false, nondeterministic = false}}, outputs = {}}} {
}

// -----

// expected-error@+1 {{invalid tc.contract: ops.conv3d: unknown op kind 'conv3d' (not a tc_tensor op)}}
module attributes {tc.contract = {format = "tensorc-contract/1", name = "x", dtypes = {}, ops = {"*" = {reassociate = false, nondeterministic = false, fast_math = false}, conv3d = {}}, outputs = {}}} {
}

// -----

// expected-error@+1 {{invalid tc.contract: it holds a value with no JSON form (an attribute that is not a dictionary, array, string, bool, integer or float)}}
module attributes {tc.contract = {format = "tensorc-contract/1", name = f32}} {
}

// -----

// expected-error@+1 {{invalid tc.contract: a contract must be a JSON object}}
module attributes {tc.contract = "{}"} {
}

// Input annotations are checked before any pass runs, at the module.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{tc.semantic_hash does not match the program: the stamp says xxh3-128:00000000000000000000000000000001, the program hashes to xxh3-128:}}
module attributes {tc.semantic_hash = "xxh3-128:00000000000000000000000000000001"} {
  func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
}

// -----

// expected-error@+1 {{tc.semantic_hash must be a string of the form xxh3-128:<32 hex digits>, not 'XXH3-128:00000000000000000000000000000001'}}
module attributes {tc.semantic_hash = "XXH3-128:00000000000000000000000000000001"} {
}

// -----

// expected-error@+1 {{tc.manifest must be an array of record dictionaries (docs/manifest.md)}}
module attributes {tc.manifest = [1, 2]} {
}

// -----

// Records leave the IR as JSON: a value with no JSON form is refused.
// expected-error@+1 {{tc.manifest must be an array of record dictionaries}}
module attributes {tc.manifest = [{pass = f32}]} {
}

// -----

// A manifest whose last record does not describe this IR proves nothing: the
// stamp is checked against the content.
// expected-error@+1 {{tc.semantic_hash does not match the program}}
module attributes {tc.manifest = [{ir_after = "xxh3-128:00000000000000000000000000000002", status = "success"}], tc.semantic_hash = "xxh3-128:00000000000000000000000000000001"} {
}

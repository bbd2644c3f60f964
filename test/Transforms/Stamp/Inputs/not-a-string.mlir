// A stamp must be the string tc-stamp writes.
module attributes {tc.semantic_hash = 42} {
}

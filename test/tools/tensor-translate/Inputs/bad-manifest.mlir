module attributes {tc.manifest = 3 : i64} {}

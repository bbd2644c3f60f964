// 34 pointwise ops: with fusion refused, 34 nests in one function, more
// than tc-lower-loops keeps inline (TC_OUTLINE_MIN_NESTS), so it outlines them.
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %v1 = "tc_tensor.neg"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v2 = "tc_tensor.neg"(%v1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v3 = "tc_tensor.neg"(%v2) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v4 = "tc_tensor.neg"(%v3) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v5 = "tc_tensor.neg"(%v4) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v6 = "tc_tensor.neg"(%v5) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v7 = "tc_tensor.neg"(%v6) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v8 = "tc_tensor.neg"(%v7) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v9 = "tc_tensor.neg"(%v8) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v10 = "tc_tensor.neg"(%v9) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v11 = "tc_tensor.neg"(%v10) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v12 = "tc_tensor.neg"(%v11) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v13 = "tc_tensor.neg"(%v12) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v14 = "tc_tensor.neg"(%v13) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v15 = "tc_tensor.neg"(%v14) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v16 = "tc_tensor.neg"(%v15) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v17 = "tc_tensor.neg"(%v16) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v18 = "tc_tensor.neg"(%v17) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v19 = "tc_tensor.neg"(%v18) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v20 = "tc_tensor.neg"(%v19) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v21 = "tc_tensor.neg"(%v20) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v22 = "tc_tensor.neg"(%v21) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v23 = "tc_tensor.neg"(%v22) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v24 = "tc_tensor.neg"(%v23) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v25 = "tc_tensor.neg"(%v24) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v26 = "tc_tensor.neg"(%v25) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v27 = "tc_tensor.neg"(%v26) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v28 = "tc_tensor.neg"(%v27) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v29 = "tc_tensor.neg"(%v28) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v30 = "tc_tensor.neg"(%v29) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v31 = "tc_tensor.neg"(%v30) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v32 = "tc_tensor.neg"(%v31) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v33 = "tc_tensor.neg"(%v32) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v34 = "tc_tensor.neg"(%v33) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %v34 : tensor<4x8xf32>
}

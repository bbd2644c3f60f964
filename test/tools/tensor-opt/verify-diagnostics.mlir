// RUN: tensor-opt -split-input-file -verify-diagnostics %s
// Every form of expected-* designator tensor-opt understands, each matched by
// a real diagnostic: same line, @+N, @-N, @above, @below, -re, notes.

func.func @same_line(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32> // expected-error {{must have float elements}}
  return %0 : tensor<2xi32>
}

// -----

func.func @plus(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error@+1 {{operand must have float elements, got i32}}
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @minus(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  // expected-error@-1 {{'tc_tensor.exp' op}}
  return %0 : tensor<2xi32>
}

// -----

func.func @above(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  // expected-error@above {{must have float elements}}
  return %0 : tensor<2xi32>
}

// -----

func.func @below(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error@below {{must have float elements}}
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @regex(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error-re@+1 {{operand shapes {{[0-9]+x[0-9]+}} and 4 are not broadcast-compatible}}
  %0 = "tc_tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @with_note(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-note@+1 {{prior use here}}
  %0 = "tc_tensor.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error@+1 {{expects different type than prior uses}}
  return %0 : tensor<3xf32>
}

// -----

func.func @spaced(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{must have float elements}}
  %0 = "tc_tensor.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

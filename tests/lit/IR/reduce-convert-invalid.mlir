// The verifiers of gluon.reduce (shared with gluon.scan: sources, axis,
// inferred result types, combine region) and gluon.convert_layout, one
// case per error.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{expected 1 or more operands, but found 0}}
%r = "gluon.reduce"() <{axis = 0 : i32}> ({
^bb0(%a: f32, %b: f32):
  "gluon.reduce.return"(%a) : (f32) -> ()
}) : () -> f32

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @not_a_tensor(%x: f32) {
  // expected-error @+1 {{operand #0 must be variadic of tensor of}}
  %r = "gluon.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }) : (f32) -> f32
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @shapes(%x: tensor<32x16xf32, #blocked>, %y: tensor<16x32xf32, #blocked>) {
  // expected-error @+1 {{requires the same shape for all operands}}
  %r:2 = gluon.reduce %x, %y {axis = 1 : i32} : tensor<32x16xf32, #blocked>, tensor<16x32xf32, #blocked> -> tensor<32xf32, #gluon.slice<{dim = 1, parent = #blocked}>>, tensor<16xf32, #gluon.slice<{dim = 1, parent = #blocked}>> {
  ^bb0(%a: f32, %c: f32, %b: f32, %d: f32):
    gluon.reduce.return %a, %c : f32, f32
  }
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#other = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
func.func @layouts(%x: tensor<32x16xf32, #blocked>, %y: tensor<32x16xf32, #other>) {
  // expected-error @+1 {{requires the same layout for all operands: operand 0 has layout #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>, operand 1 has layout #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>}}
  %r:2 = gluon.reduce %x, %y {axis = 1 : i32} : tensor<32x16xf32, #blocked>, tensor<32x16xf32, #other> -> tensor<32xf32, #gluon.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #gluon.slice<{dim = 1, parent = #other}>> {
  ^bb0(%a: f32, %c: f32, %b: f32, %d: f32):
    gluon.reduce.return %a, %c : f32, f32
  }
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @axis(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'gluon.reduce' op axis 2 is out of range for 'tensor<32x16xf32, #gluon.blocked}}
  %r = gluon.reduce %x {axis = 2 : i32} : tensor<32x16xf32, #blocked> -> tensor<32xf32, #gluon.slice<{dim = 1, parent = #blocked}>> {
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @negative_axis(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{axis -1 is out of range}}
  %r = gluon.reduce %x {axis = -1 : i32} : tensor<32x16xf32, #blocked> -> tensor<32xf32, #gluon.slice<{dim = 1, parent = #blocked}>> {
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @result_count(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{has 2 sources but 1 results}}
  %r = "gluon.reduce"(%x, %x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %c: f32, %b: f32, %d: f32):
    gluon.reduce.return %a, %c : f32, f32
  }) : (tensor<32x16xf32, #blocked>, tensor<32x16xf32, #blocked>) -> tensor<32xf32, #gluon.slice<{dim = 1, parent = #blocked}>>
  return
}

// -----

// The result's layout must be the source's sliced along the axis.
#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
func.func @result_layout(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{result type 'tensor<32xf32, #gluon.slice<{dim = 0, parent = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>}>>' should be 'tensor<32xf32, #gluon.slice<{dim = 1, parent = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>}>>'}}
  %r = gluon.reduce %x {axis = 1 : i32} : tensor<32x16xf32, #blocked> -> tensor<32xf32, #gluon.slice<{dim = 0, parent = #blocked}>> {
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

// A 1-D source reduces to a scalar.
#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @result_scalar(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{result type 'tensor<1xf32, #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' should be 'f32'}}
  %r = gluon.reduce %x {axis = 0 : i32} : tensor<256xf32, #row> -> tensor<1xf32, #row> {
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @result_element(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{result type 'f16' should be 'f32'}}
  %r = gluon.reduce %x {axis = 0 : i32} : tensor<256xf32, #row> -> f16 {
  ^bb0(%a: f32, %b: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @combine_arity(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{the combine region takes 2 arguments, got 3}}
  %r = gluon.reduce %x {axis = 0 : i32} : tensor<256xf32, #row> -> f32 {
  ^bb0(%a: f32, %b: f32, %c: f32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @combine_arguments(%x: tensor<256xf32, #row>, %i: tensor<256xi32, #row>) {
  // expected-error @+1 {{combine arguments for source 1 must be 'i32'}}
  %r:2 = gluon.reduce %x, %i {axis = 0 : i32} : tensor<256xf32, #row>, tensor<256xi32, #row> -> f32, i32 {
  ^bb0(%a: f32, %ia: i32, %b: f32, %ib: f32):
    gluon.reduce.return %a, %ia : f32, i32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @combine_return_count(%x: tensor<256xf32, #row>, %i: tensor<256xi32, #row>) {
  // expected-error @+1 {{the combine region must return one value per source}}
  %r:2 = gluon.reduce %x, %i {axis = 0 : i32} : tensor<256xf32, #row>, tensor<256xi32, #row> -> f32, i32 {
  ^bb0(%a: f32, %ia: i32, %b: f32, %ib: i32):
    gluon.reduce.return %a : f32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @combine_return_type(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{the combine region returns 'f16' for source 0}}
  %r = gluon.reduce %x {axis = 0 : i32} : tensor<256xf32, #row> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %h = arith.truncf %a : f32 to f16
    gluon.reduce.return %h : f16
  }
  return
}

// -----

// gluon.scan shares the checks; its results keep the sources' types.
#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @scan_layouts(%x: tensor<256xf32, #row>, %y: tensor<256xf32, #other>) {
  // expected-error @+1 {{'gluon.scan' op requires the same layout for all operands}}
  %r:2 = gluon.scan %x, %y {axis = 0 : i32} : tensor<256xf32, #row>, tensor<256xf32, #other> -> tensor<256xf32, #row>, tensor<256xf32, #other> {
  ^bb0(%a: f32, %c: f32, %b: f32, %d: f32):
    gluon.scan.return %a, %c : f32, f32
  }
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @scan_result_count(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{'gluon.scan' op has 1 sources but 2 results}}
  %r:2 = "gluon.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    gluon.scan.return %a : f32
  }) : (tensor<256xf32, #row>) -> (tensor<256xf32, #row>, tensor<256xf32, #row>)
  return
}

// -----

#row = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @scan_result_layout(%x: tensor<256xf32, #row>) {
  // expected-error @+1 {{'gluon.scan' op result type 'tensor<256xf32, #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' should be 'tensor<256xf32, #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'}}
  %r = gluon.scan %x {axis = 0 : i32} : tensor<256xf32, #row> -> tensor<256xf32, #other> {
  ^bb0(%a: f32, %b: f32):
    gluon.scan.return %a : f32
  }
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#other = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
func.func @convert_shape(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{converts only the layout: 'tensor<32x16xf32, #gluon.blocked}}
  %y = gluon.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<16x32xf32, #other>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#other = #gluon.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
func.func @convert_element(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{converts only the layout}}
  %y = gluon.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf16, #other>
  return
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#flat = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @convert_rank(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{layouts of different ranks}}
  %y = gluon.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #flat>
  return
}

// -----

func.func @convert_no_layout(%x: tensor<32x16xf32>) {
  // expected-error @+1 {{operand #0 must be tensor of}}
  %y = gluon.convert_layout %x : tensor<32x16xf32> -> tensor<32x16xf32>
  return
}

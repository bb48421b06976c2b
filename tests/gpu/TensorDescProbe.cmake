# Writes the metadata JSONs of tensordesc_probe.ptx's two kernels beside its
# cubin (cmake -DCUBIN=... -P TensorDescProbe.cmake), as gluonc would for
# kernels taking `tensordesc<fp32[16, 32]>` (no swizzle) and an output
# pointer: the image's size and SHA-256 are the assembled cubin's.
file(SHA256 ${CUBIN} sha256)
file(SIZE ${CUBIN} size)
get_filename_component(folder ${CUBIN} DIRECTORY)
get_filename_component(image ${CUBIN} NAME)

set(desc [=[{"alignment": 64, "divisibility": 16, "element_type": "fp32", "kind": "tensordesc", "name": "desc", "offset": 0, "size": 152, "tensordesc": {"block_shape": [16, 32], "box_shape": [16, 32], "element_bytes": 4, "layout": "NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=32, rank=2, transposed=False)", "map_offset": 0, "padding": "zero", "rank": 2, "shape_offset": 128, "strides_offset": 136, "swizzle_bytes": 0, "tma_data_type": 7, "tma_swizzle": 0}, "type": "tensordesc<fp32[16, 32]>"}]=])
set(out [=[{"alignment": 8, "divisibility": 16, "element_type": "fp32", "kind": "pointer", "name": "out", "offset": 152, "size": 8, "type": "*fp32"}]=])
set(row [=[{"alignment": 4, "divisibility": 1, "kind": "scalar", "name": "row", "offset": 160, "size": 4, "type": "i32"}]=])
set(col [=[{"alignment": 4, "divisibility": 1, "kind": "scalar", "name": "col", "offset": 164, "size": 4, "type": "i32"}]=])

# entry, warps, dynamic and static shared bytes, params
function(write_probe entry warps shared static params)
  math(EXPR threads "32 * ${warps}")
  file(WRITE ${folder}/${entry}.sm_90a.json
"{\"entry\": \"${entry}\", \"image\": {\"file\": \"${image}\", \"format\": \"cubin\", \"sha256\": \"${sha256}\", \"size\": ${size}}, \"launch\": {\"block_dims\": [${threads}, 1, 1], \"cluster_dims\": [1, 1, 1], \"num_ctas\": 1, \"num_warps\": ${warps}, \"shared_bytes\": ${shared}, \"shared_static_bytes\": ${static}}, \"params\": [${params}], \"schema\": \"gluonc.kernel/1\", \"target\": {\"arch\": \"sm_90a\", \"backend\": \"nvidia\", \"warp_size\": 32}}
")
endfunction()
write_probe(tensordesc_echo 1 0 0 "${desc}, ${out}")
write_probe(tma_load_box 4 2048 8 "${desc}, ${out}, ${row}, ${col}")

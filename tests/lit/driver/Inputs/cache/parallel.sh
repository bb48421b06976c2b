# Eight gluonc processes at once on one cache (cache.test): four compiles of
# vector_add, each by two processes, into OUT/<arch>-<i>.
#   parallel.sh GLUONC SOURCE CACHE OUT
set -u
gluonc=$1 source=$2 cache=$3 out=$4
signature="*fp32:16, *fp32:16, *fp32:16, i32, 1024"
pids=()
for i in 0 1; do
  "$gluonc" "$source" -k add_kernel -s "$signature" --arch sm_80 \
    --cache-dir "$cache" -o "$out/80-$i" & pids+=($!)
  "$gluonc" "$source" -k add_kernel -s "$signature" --arch sm_90a \
    --cache-dir "$cache" -o "$out/90a-$i" & pids+=($!)
  "$gluonc" "$source" -k add_kernel -s "$signature" -D WARP_SIZE=64 \
    --arch gfx942 --cache-dir "$cache" -o "$out/942-$i" & pids+=($!)
  "$gluonc" "$source" -k add_kernel -s "$signature" -D WARP_SIZE=64 \
    --arch gfx950 --cache-dir "$cache" -o "$out/950-$i" & pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit $status

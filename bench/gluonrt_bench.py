"""libgluonrt through ctypes, and the timing loop, for gluonc's benchmarks.

Shared by the benchmark scripts in bench/; runs wherever PyTorch sees a GPU.
"""

import ctypes
import importlib.util
import os
import subprocess

GLUONRT_SUCCESS = 0
GLUONRT_PARAM_POINTER = 0


class ParamInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("type", ctypes.c_char_p),
        ("kind", ctypes.c_int),
        ("value_type", ctypes.c_int),
        ("size", ctypes.c_uint32),
        ("alignment", ctypes.c_uint32),
        ("offset", ctypes.c_uint32),
        ("divisibility", ctypes.c_uint64),
    ]


class DeviceInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char * 256),
        ("arch", ctypes.c_char * 64),
        ("major", ctypes.c_int),
        ("minor", ctypes.c_int),
        ("multiprocessors", ctypes.c_int),
        ("total_memory", ctypes.c_uint64),
        ("max_grid", ctypes.c_uint32 * 3),
        ("driver_version", ctypes.c_int),
    ]


class TensorDesc(ctypes.Structure):
    """gluonrt_tensordesc: the CUtensorMap, shape and strides of one
    tensordesc argument (256 bytes, aligned to 64 in C)."""
    _fields_ = [
        ("map", ctypes.c_uint8 * 128),
        ("shape", ctypes.c_int32 * 5),
        ("strides", ctypes.c_int64 * 5),
        ("rank", ctypes.c_int32),
        ("_padding", ctypes.c_uint8 * 60),
    ]


def import_module(path, name):
    """The Python file `path` (a sample, which Triton also runs) as module
    `name`."""
    spec = importlib.util.spec_from_file_location(name, os.path.abspath(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class GluonRuntimeError(RuntimeError):
    pass


class GluonRuntime:
    """The few libgluonrt calls the benchmark needs, through ctypes."""

    def __init__(self, library_path):
        self.lib = ctypes.CDLL(os.path.abspath(library_path))
        lib = self.lib
        status = ctypes.c_int
        kernel_p = ctypes.c_void_p
        lib.gluonrt_last_error.restype = ctypes.c_char_p
        lib.gluonrt_last_error.argtypes = []
        lib.gluonrt_version.restype = ctypes.c_char_p
        lib.gluonrt_kernel_load_on_device.restype = status
        lib.gluonrt_kernel_load_on_device.argtypes = [
            ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(kernel_p)]
        lib.gluonrt_kernel_unload.restype = None
        lib.gluonrt_kernel_unload.argtypes = [kernel_p]
        lib.gluonrt_kernel_arch.restype = ctypes.c_char_p
        lib.gluonrt_kernel_arch.argtypes = [kernel_p]
        lib.gluonrt_kernel_num_params.restype = ctypes.c_int
        lib.gluonrt_kernel_num_params.argtypes = [kernel_p]
        lib.gluonrt_kernel_param.restype = status
        lib.gluonrt_kernel_param.argtypes = [
            kernel_p, ctypes.c_int, ctypes.POINTER(ParamInfo)]
        lib.gluonrt_kernel_constexpr_int.restype = status
        lib.gluonrt_kernel_constexpr_int.argtypes = [
            kernel_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)]
        lib.gluonrt_launch.restype = status
        lib.gluonrt_launch.argtypes = [
            kernel_p, ctypes.POINTER(ctypes.c_uint32),
            ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_void_p]
        lib.gluonrt_tensordesc_encode.restype = status
        lib.gluonrt_tensordesc_encode.argtypes = [
            kernel_p, ctypes.c_int, ctypes.c_uint64,
            ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64),
            ctypes.c_int, ctypes.POINTER(TensorDesc)]
        lib.gluonrt_device_get_info.restype = status
        lib.gluonrt_device_get_info.argtypes = [
            ctypes.c_int, ctypes.c_int, ctypes.POINTER(DeviceInfo)]

    def check(self, status, what):
        if status != GLUONRT_SUCCESS:
            message = self.lib.gluonrt_last_error().decode()
            raise GluonRuntimeError(f"{what}: {message}")

    def version(self):
        return self.lib.gluonrt_version().decode()

    def load(self, json_path, device):
        kernel = ctypes.c_void_p()
        self.check(self.lib.gluonrt_kernel_load_on_device(
            json_path.encode(), device, ctypes.byref(kernel)),
            f"loading {json_path}")
        return kernel

    def params(self, kernel):
        result = []
        for index in range(self.lib.gluonrt_kernel_num_params(kernel)):
            info = ParamInfo()
            self.check(self.lib.gluonrt_kernel_param(
                kernel, index, ctypes.byref(info)), "gluonrt_kernel_param")
            result.append(info)
        return result

    def constexpr_int(self, kernel, name):
        value = ctypes.c_int64()
        self.check(self.lib.gluonrt_kernel_constexpr_int(
            kernel, name.encode(), ctypes.byref(value)),
            f"constexpr {name}")
        return value.value

    def tensor_desc(self, kernel, index, tensor):
        """The descriptor of parameter `index` for a contiguous torch
        tensor, in a 64-byte-aligned buffer the returned object keeps."""
        storage = ctypes.create_string_buffer(ctypes.sizeof(TensorDesc) + 64)
        address = (ctypes.addressof(storage) + 63) // 64 * 64
        desc = TensorDesc.from_address(address)
        desc._storage = storage
        shape = (ctypes.c_int64 * tensor.dim())(*tensor.shape)
        strides = (ctypes.c_int64 * tensor.dim())(*tensor.stride())
        self.check(self.lib.gluonrt_tensordesc_encode(
            kernel, index, ctypes.c_uint64(tensor.data_ptr()), shape, strides,
            tensor.dim(), ctypes.byref(desc)), "gluonrt_tensordesc_encode")
        return desc

    def device_info(self, device):
        info = DeviceInfo()
        self.check(self.lib.gluonrt_device_get_info(
            0, device, ctypes.byref(info)), "gluonrt_device_get_info")
        return info


class PreparedLaunch:
    """A launch of a gluonc kernel with its argument values fixed: the values
    and the pointer array are built once, so a launch is one ctypes call."""

    def __init__(self, runtime, kernel, values, grid, stream=0):
        """`stream` is a CUDA stream handle, or a function returning the
        stream to launch on at each call (for CUDA graph capture)."""
        self.runtime = runtime
        self.kernel = kernel
        self.values = values
        self.pointers = (ctypes.c_void_p * len(values))(
            *[ctypes.addressof(v) for v in values])
        self.grid = (ctypes.c_uint32 * 3)(*grid)
        self.stream = stream

    def __call__(self):
        stream = self.stream() if callable(self.stream) else self.stream
        status = self.runtime.lib.gluonrt_launch(
            self.kernel, self.grid, self.pointers, len(self.values),
            ctypes.c_void_p(stream))
        self.runtime.check(status, "gluonrt_launch")


def driver_version_text(runtime, device):
    text = ""
    try:
        query = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader",
             f"--id={device}"], capture_output=True, text=True, timeout=30)
        if query.returncode == 0:
            text = query.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    version = runtime.device_info(device).driver_version
    api = f"CUDA {version // 1000}.{version % 1000 // 10}"
    return f"{text} ({api})" if text else api


def compile_with_triton(jit, device, launch):
    """Runs `launch` once and returns the kernel Triton compiled for it, if
    its cache shows it (the cache's layout is Triton's own business: best
    effort, None otherwise)."""
    try:
        cache = jit.device_caches[device][0]
        before = set(cache)
    except (AttributeError, IndexError, KeyError, TypeError):
        launch()
        return None
    launch()
    new = [cache[key] for key in cache if key not in before]
    return new[0] if len(new) == 1 else None


def time_interleaved(torch, candidates, reps, warmup):
    """Median/min milliseconds per candidate, rotating the order each round."""
    for fn in candidates.values():
        for _ in range(warmup):
            fn()
    torch.cuda.synchronize()
    names = list(candidates)
    samples = {name: [] for name in names}
    for round_index in range(reps):
        shift = round_index % len(names)
        order = names[shift:] + names[:shift]
        events = []
        for name in order:
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            candidates[name]()
            end.record()
            events.append((name, start, end))
        # One synchronization per round keeps the queue from growing
        # without bound while still overlapping launches with the GPU.
        torch.cuda.synchronize()
        for name, start, end in events:
            samples[name].append(start.elapsed_time(end))
    return samples


def time_graphs(torch, candidates, reps, launches_per_graph=20):
    """Median/min milliseconds per launch of each candidate, from CUDA graphs
    of `launches_per_graph` launches replayed `reps` times: the GPU's time
    alone, without the launch overhead of the host side (which differs a lot
    between a ctypes call and Triton's Python launcher, and would dominate
    kernels of a few microseconds). Rounds are interleaved."""
    graphs = {}
    for name, fn in candidates.items():
        fn()  # compile / warm up outside the capture
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for _ in range(launches_per_graph):
                fn()
        graphs[name] = graph
    for graph in graphs.values():
        graph.replay()
    torch.cuda.synchronize()
    names = list(graphs)
    samples = {name: [] for name in names}
    for round_index in range(reps):
        shift = round_index % len(names)
        order = names[shift:] + names[:shift]
        events = []
        for name in order:
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            graphs[name].replay()
            end.record()
            events.append((name, start, end))
        torch.cuda.synchronize()
        for name, start, end in events:
            samples[name].append(start.elapsed_time(end) / launches_per_graph)
    return samples

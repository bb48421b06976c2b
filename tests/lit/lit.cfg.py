# lit configuration for gluonc's FileCheck tests.
import os
import sys

import lit.formats

config.name = "gluonc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test", ".mlir", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.binary_root
config.excludes = ["Inputs", "golden", "lit.cfg.py", "expect_exit.py",
                   "check_amd_metadata.py", "check_amd_schedule.py",
                   "check_containers.py"]

tools = os.path.join(config.test_source_root, "expect_exit.py")
amd_metadata = os.path.join(config.test_source_root, "check_amd_metadata.py")
samples = os.path.join(config.source_root, "samples")
golden = os.path.join(config.test_source_root, "golden")

# Cases that make device nodes (mknod) run only as root, as CI does.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    config.available_features.add("root")

# Longer names first: substitutions apply in order.
config.substitutions.append(("%gluonc-opt", config.gluonc_opt))
config.substitutions.append(("%gluon-run", config.gluon_run))
# The program itself, for a build system to run (cmake-depfile.test).
config.substitutions.append(("%gluonc-path", config.gluonc))
config.substitutions.append(("%cmake-modules",
                             os.path.join(config.source_root, "cmake")))
config.substitutions.append(("%gluonc", config.gluonc))
# A program the tests build against libgluonrt (--emit launcher's).
config.substitutions.append(("%gluonrt-include",
                             os.path.join(config.source_root, "include")))
config.substitutions.append(("%gluonrt-lib", config.gluonrt_lib))
# The build's top folder, for `cmake --install`.
config.substitutions.append(("%build-root",
                             os.path.dirname(os.path.dirname(
                                 config.binary_root))))
config.substitutions.append(("%sanitize-flags",
                             "-fsanitize=" + config.sanitize
                             if config.sanitize else ""))
# The stand-in HIP runtime (tests/support/FakeHip.cpp) and CUDA drivers
# (tests/support/FakeCuda.cpp; -no-tma lacks cuTensorMapEncodeTiled).
config.substitutions.append(("%fake-hip", config.fake_hip))
config.substitutions.append(("%fake-cuda-no-tma",
                             config.fake_cuda.replace(".so", "-no-tma.so")))
config.substitutions.append(("%fake-cuda", config.fake_cuda))
# The plugins of tests/support/TestPlugin.cpp, beside the stand-ins.
config.substitutions.append(("%plugins", os.path.dirname(config.fake_hip)))
# `%make-kernel JSON [options]` writes a metadata JSON and a fake image for
# gluon-run (tests/robustness/Inputs/make_kernel.py says which options).
make_kernel = os.path.join(config.source_root, "tests", "robustness", "Inputs",
                           "make_kernel.py")
config.substitutions.append(("%make-kernel",
                             f'"{sys.executable}" "{make_kernel}"'))
config.substitutions.append(("%expect-exit", f'"{sys.executable}" "{tools}"'))
config.substitutions.append(("%check-amd-metadata",
                             f'"{sys.executable}" "{amd_metadata}"'))
amd_schedule = os.path.join(config.test_source_root, "check_amd_schedule.py")
config.substitutions.append(("%check-amd-schedule",
                             f'"{sys.executable}" "{amd_schedule}"'))
containers = os.path.join(config.test_source_root, "check_containers.py")
config.substitutions.append(("%check-containers",
                             f'"{sys.executable}" "{containers}"'))
config.substitutions.append(("%samples", samples))
# The GPU tests' kernels as the build compiled them (tests/gpu).
config.substitutions.append(("%gpu-kernels", config.gpu_kernels))
config.substitutions.append(("%gpu-tests",
                             os.path.join(config.source_root, "tests/gpu")))
# Where the build put what tests/lit/CMakeLists.txt builds.
config.substitutions.append(("%lit-build", config.binary_root))
config.substitutions.append(("%golden", golden))
if config.ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
    # The toolkit's fatbinary, beside ptxas: gluonc runs it for --emit
    # fatbin, and the tests compare its output with gluonc's own writer.
    fatbinary = os.path.join(os.path.dirname(config.ptxas), "fatbinary")
    if os.access(fatbinary, os.X_OK):
        config.available_features.add("fatbinary")
        config.substitutions.append(("%fatbinary", fatbinary))
if os.access(os.path.join(config.llvm_tools_dir, "clang-offload-bundler"),
             os.X_OK):
    config.available_features.add("clang-offload-bundler")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.environ.get("PATH", "")])
# The compiler must not depend on the caller's CUDA settings.
for var in ("GLUONC_ASSEMBLER", "GLUONC_PTXAS", "GLUONC_NVJITLINK",
            "GLUONC_FATBINARY"):
    config.environment.pop(var, None)

# A sanitizer build (-DGLUONC_SANITIZE): a report aborts the program, so that
# neither `not` nor `%expect-exit 1` mistakes it for gluonc's own failure
# (the sanitizers' default exit status is 1, gluonc's for a bad kernel).
# Leak checking stays on. allow_user_poisoning=0: see scripts/test.sh.
if config.sanitize:
    config.available_features.add("sanitizer")
    options = "abort_on_error=1:print_summary=1"
    config.environment["ASAN_OPTIONS"] = (options + ":detect_leaks=1"
                                          ":allow_user_poisoning=0")
    config.environment["UBSAN_OPTIONS"] = options + ":print_stacktrace=1"
    # Leaks inside the CUDA toolkit's libraries are not gluonc's.
    config.environment["LSAN_OPTIONS"] = "suppressions=" + os.path.join(
        config.test_source_root, "lsan.supp")

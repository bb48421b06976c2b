// The one source of GluoncLLVMHeaders (GluoncPrecompiledHeaders.cmake):
// CMake builds a target's precompiled header beside its sources, so the
// header that the compiler's libraries reuse needs a target of its own.

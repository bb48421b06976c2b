# Runaway compile-time evaluation ends in a diagnostic, not a hang or a
# crash.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k deep -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=DEPTH
# RUN: %expect-exit 1 %gluonc %s -k exponential -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=STEPS
# RUN: %expect-exit 1 %gluonc %s -k huge_string -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=STRING
# RUN: %gluonc %s -k fast_pow -s "*i64" --emit gluon-ir -o %t
# RUN: FileCheck %s --check-prefix=POW --input-file %t/fast_pow.sm_90a.gluon.mlir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

# A chain of 70 helpers, each calling the next: deeper than 64.
@gluon.jit
def chain0():
    chain1()

@gluon.jit
def chain1():
    chain2()

@gluon.jit
def chain2():
    chain3()

@gluon.jit
def chain3():
    chain4()

@gluon.jit
def chain4():
    chain5()

@gluon.jit
def chain5():
    chain6()

@gluon.jit
def chain6():
    chain7()

@gluon.jit
def chain7():
    chain8()

@gluon.jit
def chain8():
    chain9()

@gluon.jit
def chain9():
    chain10()

@gluon.jit
def chain10():
    chain11()

@gluon.jit
def chain11():
    chain12()

@gluon.jit
def chain12():
    chain13()

@gluon.jit
def chain13():
    chain14()

@gluon.jit
def chain14():
    chain15()

@gluon.jit
def chain15():
    chain16()

@gluon.jit
def chain16():
    chain17()

@gluon.jit
def chain17():
    chain18()

@gluon.jit
def chain18():
    chain19()

@gluon.jit
def chain19():
    chain20()

@gluon.jit
def chain20():
    chain21()

@gluon.jit
def chain21():
    chain22()

@gluon.jit
def chain22():
    chain23()

@gluon.jit
def chain23():
    chain24()

@gluon.jit
def chain24():
    chain25()

@gluon.jit
def chain25():
    chain26()

@gluon.jit
def chain26():
    chain27()

@gluon.jit
def chain27():
    chain28()

@gluon.jit
def chain28():
    chain29()

@gluon.jit
def chain29():
    chain30()

@gluon.jit
def chain30():
    chain31()

@gluon.jit
def chain31():
    chain32()

@gluon.jit
def chain32():
    chain33()

@gluon.jit
def chain33():
    chain34()

@gluon.jit
def chain34():
    chain35()

@gluon.jit
def chain35():
    chain36()

@gluon.jit
def chain36():
    chain37()

@gluon.jit
def chain37():
    chain38()

@gluon.jit
def chain38():
    chain39()

@gluon.jit
def chain39():
    chain40()

@gluon.jit
def chain40():
    chain41()

@gluon.jit
def chain41():
    chain42()

@gluon.jit
def chain42():
    chain43()

@gluon.jit
def chain43():
    chain44()

@gluon.jit
def chain44():
    chain45()

@gluon.jit
def chain45():
    chain46()

@gluon.jit
def chain46():
    chain47()

@gluon.jit
def chain47():
    chain48()

@gluon.jit
def chain48():
    chain49()

@gluon.jit
def chain49():
    chain50()

@gluon.jit
def chain50():
    chain51()

@gluon.jit
def chain51():
    chain52()

@gluon.jit
def chain52():
    chain53()

@gluon.jit
def chain53():
    chain54()

@gluon.jit
def chain54():
    chain55()

@gluon.jit
def chain55():
    chain56()

@gluon.jit
def chain56():
    chain57()

@gluon.jit
def chain57():
    chain58()

@gluon.jit
def chain58():
    chain59()

@gluon.jit
def chain59():
    chain60()

@gluon.jit
def chain60():
    chain61()

@gluon.jit
def chain61():
    chain62()

@gluon.jit
def chain62():
    chain63()

@gluon.jit
def chain63():
    chain64()

@gluon.jit
def chain64():
    chain65()

@gluon.jit
def chain65():
    chain66()

@gluon.jit
def chain66():
    chain67()

@gluon.jit
def chain67():
    chain68()

@gluon.jit
def chain68():
    chain69()

@gluon.jit
def chain69():
    pass


@gluon.jit
def deep(x):
    chain0()
    # DEPTH: error: calls nested more than 64 deep

# 30 helpers, each calling the next twice: 2^30 calls.
@gluon.jit
def tree0():
    tree1()
    tree1()

@gluon.jit
def tree1():
    tree2()
    tree2()

@gluon.jit
def tree2():
    tree3()
    tree3()

@gluon.jit
def tree3():
    tree4()
    tree4()

@gluon.jit
def tree4():
    tree5()
    tree5()

@gluon.jit
def tree5():
    tree6()
    tree6()

@gluon.jit
def tree6():
    tree7()
    tree7()

@gluon.jit
def tree7():
    tree8()
    tree8()

@gluon.jit
def tree8():
    tree9()
    tree9()

@gluon.jit
def tree9():
    tree10()
    tree10()

@gluon.jit
def tree10():
    tree11()
    tree11()

@gluon.jit
def tree11():
    tree12()
    tree12()

@gluon.jit
def tree12():
    tree13()
    tree13()

@gluon.jit
def tree13():
    tree14()
    tree14()

@gluon.jit
def tree14():
    tree15()
    tree15()

@gluon.jit
def tree15():
    tree16()
    tree16()

@gluon.jit
def tree16():
    tree17()
    tree17()

@gluon.jit
def tree17():
    tree18()
    tree18()

@gluon.jit
def tree18():
    tree19()
    tree19()

@gluon.jit
def tree19():
    tree20()
    tree20()

@gluon.jit
def tree20():
    tree21()
    tree21()

@gluon.jit
def tree21():
    tree22()
    tree22()

@gluon.jit
def tree22():
    tree23()
    tree23()

@gluon.jit
def tree23():
    tree24()
    tree24()

@gluon.jit
def tree24():
    tree25()
    tree25()

@gluon.jit
def tree25():
    tree26()
    tree26()

@gluon.jit
def tree26():
    tree27()
    tree27()

@gluon.jit
def tree27():
    tree28()
    tree28()

@gluon.jit
def tree28():
    tree29()
    tree29()

@gluon.jit
def tree29():
    pass


@gluon.jit
def exponential(x):
    tree0()
    # STEPS: error: compile-time evaluation took more than 5000000 steps: the kernel inlines or repeats too much


@gluon.jit
def huge_string(x):
    s = "ab" * (1 << 40)
    # STRING: limits.py:[[@LINE-1]]:14: error: a compile-time string would exceed 1048576 bytes


@gluon.jit
def fast_pow(out_ptr):
    # POW: arith.constant 1 : i64
    gl.store(out_ptr, 1 ** (10 ** 18))

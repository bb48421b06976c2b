from triton.experimental import gluon

K = 5
L = [1]


@gluon.constexpr_function
def grow():
    L.append(2)
    return len(L)

func.func @f(

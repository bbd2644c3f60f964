irdl.dialect @ext {
  irdl.operation @scale {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %f = irdl.base "#builtin.float"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"factor" = %f}
  }
}

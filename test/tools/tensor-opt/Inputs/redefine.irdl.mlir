irdl.dialect @tc_tensor {
  irdl.operation @extra {
  }
}

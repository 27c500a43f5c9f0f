// dense_resource and the file metadata section.
"my.res"() {a = dense_resource<blob1> : tensor<3xi64>, b = dense_resource<blob2> : tensor<2xf32>, c = dense_resource<blob1> : tensor<3xi64>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      blob2: "0x040000000000803F00000040",
      unused: "0x0400000001000000"
    }
  }
#-}

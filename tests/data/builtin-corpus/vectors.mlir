// Scalable and mixed vectors.
func.func private @scalable(vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<4x[1]xi1>, vector<[16]xbf16>)
func.func private @fixed(vector<1xf32>, vector<2x3x4xindex>, vector<f32>)
"my.vec"() {a = dense<1.0> : vector<[4]xf32>, b = dense<[[1, 2], [3, 4]]> : vector<2x[2]xi32>} : () -> ()

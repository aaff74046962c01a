@problemName fuzz
@univariate true
@classLabel true 1 2
@data
1.0,?,3.5:1
2,2.5,?:2

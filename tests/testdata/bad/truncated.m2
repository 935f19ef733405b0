S a b c
A 0 1|||X|||y

S a b c

T what

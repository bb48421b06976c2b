from bad.first import f

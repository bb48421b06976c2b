from bad.second import g

import bad.syntax

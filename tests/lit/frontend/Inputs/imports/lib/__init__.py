# A package: `import lib.helpers` binds `lib`, with `helpers` in it.

import lib.nothere

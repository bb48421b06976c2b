from lib.helpers import nothere

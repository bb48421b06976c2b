from lib.helpers import *

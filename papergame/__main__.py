import sys

from papergame.start import main

sys.exit(main())

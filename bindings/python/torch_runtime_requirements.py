"""Print the installed torch's own requirements, less triton and the optional extras.

make test-torch installs torch with --no-deps, then what this prints: triton (about 1 GB
installed) serves only torch.compile, which no test uses, and a CI machine's disk is not
always large enough for torch's CUDA libraries and triton both (a CI run failed with "No
space left on device" in this install). torch imports and runs on the CPU without it.
"""

import importlib.metadata

for requirement in importlib.metadata.requires("torch") or []:
    name = requirement.split(";")[0].strip().lower()
    if name.startswith("triton") or "extra ==" in requirement:
        continue
    print(requirement)

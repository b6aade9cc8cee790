"""The package's build backend (PEP 517), in the standard library only.

Debian's virtual environments come with pip and setuptools but not `wheel`, which setuptools
66 needs to build a wheel; a backend of our own needs neither, so `pip install --no-index
--no-build-isolation python/` works offline in a fresh venv. It builds one wheel: the ggn/
package as it stands (the library, the C extension ggn._fast and the games `make python` put there
included), tagged for this platform because of libggn.so, and for this Python with the extension.
"""

import base64
import hashlib
import os
import sys
import sysconfig
import zipfile

NAME = "ggn"
VERSION = "0.1.0"
HERE = os.path.dirname(os.path.abspath(__file__))


def _tag():
    """py3-none-PLATFORM, or cpXY-cpXY-PLATFORM with the C extension ggn._fast in the package: it is
    built for one Python version, which pip then checks."""
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    if any(f.startswith("_fast.") and f.endswith(".so") for f in os.listdir(os.path.join(HERE, NAME))):
        version = f"cp{sys.version_info.major}{sys.version_info.minor}"
        return f"{version}-{version}-{platform}"
    return f"py3-none-{platform}"


def _metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {VERSION}\n"
        "Summary: Board games as data: any game a ggn spec describes, with an OpenSpiel-shaped API\n"
        "Requires-Python: >=3.9\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + readme
    )


def _package_files():
    """Every file of ggn/ but caches, sorted so that two builds give the same wheel."""
    root = os.path.join(HERE, NAME)
    if not os.path.isfile(os.path.join(root, "libggn.so")):
        raise RuntimeError("ggn: python/ggn/libggn.so is missing: run `make python` in the ggn tree first")
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if not f.endswith((".pyc", ".pyo")):
                full = os.path.join(dirpath, f)
                found.append((full, os.path.relpath(full, HERE)))
    return found


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tag = _tag()
    wheel_name = f"{NAME}-{VERSION}-{tag}.whl"
    dist_info = f"{NAME}-{VERSION}.dist-info"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:

        def add(arcname, data, mode=0o644):
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            records.append(_record_line(arcname, data))

        for full, arcname in _package_files():
            with open(full, "rb") as f:
                add(arcname, f.read(), 0o755 if arcname.endswith(".so") else 0o644)
        add(f"{dist_info}/METADATA", _metadata().encode())
        wheel = f"Wheel-Version: 1.0\nGenerator: ggn_build\nRoot-Is-Purelib: false\nTag: {tag}\n"
        add(f"{dist_info}/WHEEL", wheel.encode())
        records.append(f"{dist_info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0)), "\n".join(records) + "\n")
    return wheel_name

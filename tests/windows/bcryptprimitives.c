/* A stand-in for Windows 10's bcryptprimitives.dll, for running bianpai.exe under wine 8 in the
 * tests only: Rust's standard library gets random bytes (HashMap seeds) from its ProcessPrng,
 * which wine 8 does not have. This one exports ProcessPrng over RtlGenRandom (advapi32's
 * SystemFunction036). Built by scripts/build-windows.sh next to a test copy of the exe; never
 * shipped (Windows 10 and later have the real one). */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}

// The smallest use of tp-web-sdk in a Unity WebGL game: put this on an object of the first scene,
// fill in the client key, auth mode and base URL, and build for WebGL with TpWebSdk.jspre in
// Runtime/Plugins/WebGL. In the Editor every call does nothing (one log line).
using TpWebSdk;
using UnityEngine;

public class TpMinimal : MonoBehaviour
{
    public string clientKey = "your-client-key";
    public string baseUrl = "https://api.example.com/v2021.4/web";
    public string authMode = "client";
    public string playerSlug = "player-1";

    private void Awake()
    {
        Tp.Invalid += error => Debug.LogWarning("record refused at " + error.Path + ": " + error.Message);
        Tp.OfferEvent += (name, data) => Debug.Log(name + " " + data);

        var options = new TpOptions { ClientKey = clientKey, AuthMode = authMode, BaseUrl = baseUrl, PlayerSlug = playerSlug };
        // A placement for ShowAt: "level-end" shows an offer at most once per session.
        options.Set("offerRules", TpJson.Object()
            .Set("placements", TpJson.Object().Set("level-end", TpJson.Object().Set("maxPerSession", 1))));
        Tp.Init(options);
    }

    /// <summary>Call when a level starts.</summary>
    public void LevelStarted(string stage)
    {
        Tp.GameplayStart();
        Tp.Track(Tp.Records.PlayersStages(stage, stageResult: "started"));
    }

    /// <summary>Call when a level ends: records it, then offers something at the break.</summary>
    public void LevelEnded(string stage, double score, double seconds)
    {
        Tp.Track(Tp.Records.PlayersStages(stage, stageResult: "cleared", stageScore: score, stagePlaySeconds: seconds));
        Tp.GameplayStop();
        Tp.ShowAt("level-end", result =>
        {
            if (!result.Ok) Debug.LogWarning("no offer: " + result.Error);
            else if (result.Action == "skipped") Debug.Log("no offer now: " + result.Reason);
            else Debug.Log("offer " + result.OfferId + " ended with " + result.Action);
        });
    }

    private void OnApplicationPause(bool paused)
    {
        if (paused) Tp.Flush(result => Debug.Log("uploaded " + result.Records + " records"));
    }
}
